// Found next to app.cu through a quoted include.
#pragma once
constexpr int N = 1 << 16;
