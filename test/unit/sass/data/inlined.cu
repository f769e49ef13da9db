__device__ __forceinline__ float inner(float a)
{
  return a * a + 1.f;
}
__device__ __forceinline__ float mid(float a)
{
  return inner(a) * 2.f;
}
__device__ __noinline__ float callee(float a)
{
  return sqrtf(a);
}
__global__ void k(float *o, const float *i)
{
  int t = threadIdx.x;
  float v = mid(i[t]);
  o[t] = callee(v) + v;
}
