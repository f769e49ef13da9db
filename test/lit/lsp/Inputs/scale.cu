// A float kernel with one double literal: headroom check reports it
// (headroom-fp64-promotion) with the fix-it '0.5f'.
__global__ void scale(float *out, const float *in, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = in[i] * 0.5;
}
