#include "helper.h"
#include <cuda_runtime.h>
// k<<<1, 1>>>
const char *s = "<<<";
#define LAUNCH(k) k<\
<<1, 1>>>()
void f() { LAUNCH(k); }
