// Included next to reduce.cuh's directory: a copy of reduce.cuh must still
// find it.
#pragma once
namespace corpus {
constexpr int BlockSize = 128;
}
