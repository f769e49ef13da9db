//===- NcuUnitsTest.cpp - Nsight Compute's numbers and units --------------===//

#include "import/NcuUnits.h"

#include <gtest/gtest.h>

using namespace headroom::ncu;

namespace {

TEST(NcuUnits, NumbersWithAndWithoutThousandsSeparators) {
  EXPECT_EQ(parseNcuNumber("229,088"), 229088.0);
  EXPECT_EQ(parseNcuNumber("1,215,869,088"), 1215869088.0);
  EXPECT_EQ(parseNcuNumber("3,199,143,269.54"), 3199143269.54);
  EXPECT_EQ(parseNcuNumber("0.229088"), 0.229088);
  EXPECT_EQ(parseNcuNumber("349530.333333"), 349530.333333);
  EXPECT_EQ(parseNcuNumber("-0.00"), -0.0);
  EXPECT_EQ(parseNcuNumber("1e+06"), 1e6);
  EXPECT_EQ(parseNcuNumber("+7"), 7.0);
}

TEST(NcuUnits, AnythingElseIsNoNumber) {
  for (const char *Bad :
       {"", "n/a", "1,23", "12,3456", ",123", "1,,234", "1,234,", "1.", ".5",
        "12 KB", "1e", "0x10", "-", "inf", "nan", "1,2345.6", "1e999"})
    EXPECT_FALSE(parseNcuNumber(Bad)) << Bad;
}

TEST(NcuUnits, TimesToNanoseconds) {
  for (auto [Unit, Factor] : {std::pair{"ns", 1.0},
                              {"nsecond", 1.0},
                              {"us", 1e3},
                              {"usecond", 1e3},
                              {"ms", 1e6},
                              {"msecond", 1e6},
                              {"s", 1e9},
                              {"second", 1e9}}) {
    BaseUnit B = baseUnit(Unit);
    EXPECT_EQ(B.Base, "ns") << Unit;
    EXPECT_EQ(B.Factor, Factor) << Unit;
  }
}

TEST(NcuUnits, PrefixesAndQuotients) {
  EXPECT_EQ(baseUnit("Kbyte").Factor, 1e3);
  EXPECT_EQ(baseUnit("Kbyte").Base, "byte");
  EXPECT_EQ(baseUnit("Gbyte").Factor, 1e9);
  EXPECT_EQ(baseUnit("Ghz").Base, "hz");
  EXPECT_EQ(baseUnit("Mibyte").Factor, 1024.0 * 1024.0);
  EXPECT_EQ(baseUnit("Kbyte/block").Factor, 1e3);
  EXPECT_EQ(baseUnit("Kbyte/block").Base, "byte/block");
  // Per kilobyte is a thousandth per byte.
  EXPECT_EQ(baseUnit("%/Kbyte").Factor, 1e-3);
  EXPECT_EQ(baseUnit("%/Kbyte").Base, "%/byte");
  EXPECT_EQ(baseUnit("byte/second").Base, "byte/ns");
  // Units without a prefix are their own base.
  for (const char *Plain :
       {"", "%", "inst", "sector", "SM", "register/thread", "cycle", "warp"}) {
    EXPECT_EQ(baseUnit(Plain).Factor, 1.0) << Plain;
    EXPECT_EQ(baseUnit(Plain).Base, Plain);
  }
}

} // namespace
