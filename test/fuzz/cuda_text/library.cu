#include <thrust/sort.h>
int x = 1'000;
auto r = R"x(<<<)x";
void g() { cublasSgemm(h); }
