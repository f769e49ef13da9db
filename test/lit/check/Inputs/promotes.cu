// One FP64 promotion for cli.test; with -DSCALE=..., a second one.


__global__ void half(float *out, const float *in) {
  // The literal is at column 40.
  //
  out[threadIdx.x] = in[threadIdx.x] * 0.5;
}

#ifdef SCALE
__global__ void scaled(float *out, const float *in) {
  out[threadIdx.x] = in[0] * SCALE;
}
#endif
