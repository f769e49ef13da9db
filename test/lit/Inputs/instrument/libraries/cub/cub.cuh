// The CUB stand-in (device/device_reduce.cuh).
#pragma once
#include "device/device_reduce.cuh"
