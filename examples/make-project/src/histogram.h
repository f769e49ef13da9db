// A 256-bin histogram of bytes, on the GPU.
#pragma once

#include <cstddef>

/// Counts the bytes of the device array \p Data into the device array
/// \p Bins (256 entries, zeroed first).
void histogram(const unsigned char *Data, size_t N, unsigned *Bins);
