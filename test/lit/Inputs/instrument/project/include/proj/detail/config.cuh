// Found next to kernels.cuh: a copy of kernels.cuh must still find it.
#pragma once
namespace proj {
constexpr int Block = 256;
}
