//===- NcuUnits.h - Nsight Compute's numbers and units ----------*- C++ -*-===//
///
/// \file
/// How Nsight Compute prints a metric value in its CSV exports: with
/// thousands separators in base units (`--print-units base`: "1,215,869,088"
/// bytes, "229,088" ns), or scaled to a unit of its own choice without them
/// ("1.215869" Gbyte, "0.229088" ms). The profile keeps base units (ns,
/// bytes, counts), so every value goes through here: its number, and the
/// factor that takes its unit to the base unit.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_IMPORT_NCUUNITS_H
#define HEADROOM_IMPORT_NCUUNITS_H

#include <optional>
#include <string>
#include <string_view>

namespace headroom::ncu {

/// A number as Nsight Compute prints it: an optional sign, digits with or
/// without groups of three after commas ("1,234,567"), an optional
/// fraction and exponent. Nothing else ("n/a", "", "1,23", "12 KB").
std::optional<double> parseNcuNumber(std::string_view Text);

/// A unit taken to its base: a value in the unit times Factor is in Base.
struct BaseUnit {
  double Factor = 1;
  /// The base unit: "ns" for every time, "byte" for every size, else the
  /// unit without its SI prefix ("hz", "inst", "%", ""); a quotient keeps
  /// its slash ("byte/block", "%/byte").
  std::string Base;
};

/// \p Unit as Nsight Compute names it: times in ns, us, ms, s (or
/// nsecond, usecond, msecond, second), an SI prefix K, M, G or T (powers of
/// 1000) or a binary one before "byte" (Kibyte: 1024) on any other unit,
/// and quotients of those ("Kbyte/block", "%/Kbyte"). Unknown units are
/// their own base.
BaseUnit baseUnit(std::string_view Unit);

} // namespace headroom::ncu

#endif // HEADROOM_IMPORT_NCUUNITS_H
