// Part of the thrust stand-in (detail/fake_thrust.h).
#pragma once
#include "detail/fake_thrust.h"
