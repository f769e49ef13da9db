// Instrumented through a compile_commands.json by
// instrument/compile-database.test: it compiles only with the database's flags.
#ifndef FROM_DATABASE
#error "compile with the flags of the compile database"
#endif
#include "cuda_runtime.h"
__global__ void k(int x) {}
void host() { k<<<1, 1>>>(FROM_DATABASE); }
