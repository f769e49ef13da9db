#  include_next <a.h>
%:include "b.h"
#include MACRO
int a = b << c < d;
cudaLaunchKernel((void *)k, 1, 1, args);
