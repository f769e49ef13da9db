// A launch written in a macro of a project header (launch-scan.test).
#pragma once
#define LAUNCH_TWICE(x) twice<<<1, 32>>>(x)
