// nvcc compiles this; clang, which parses it for the instrumenter, does not.
#ifdef __clang__
#error "this file does not parse with clang"
#endif
__global__ void k() {}
int main() {
  k<<<1, 1>>>();
  return 0;
}
