// What every fake library function of this directory does: it "launches"
// the kernel it names. A test's stub runtime (stub_runtime.cpp) defines it
// and prints the scope the launch would be attributed to; a test that only
// rewrites the source never links it.
#pragma once
#pragma clang system_header

extern "C" void fake_library_launch(const char *kernel);
