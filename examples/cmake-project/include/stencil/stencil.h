// The stencil library's host interface, for C++ and CUDA sources alike.
#pragma once

namespace stencil {

/// Runs \p Steps Jacobi steps on the device array \p X (with scratch
/// \p Tmp); the result ends in X.
void smooth(float *X, float *Tmp, int N, int Steps);

/// Fills the device array \p X with a spike in the middle.
void spike(float *X, int N);

} // namespace stencil
