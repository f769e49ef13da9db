//===- Check.h - What every check is ----------------------------*- C++ -*-===//
///
/// \file
/// A check is one class that knows its stable name, the level it reports at,
/// the one-line summary and advice that SARIF rules carry, the thresholds it
/// applies (named constants, which a unit test finds in the check's section
/// of docs/diagnostics.md), and how it judges what it looks at: a kernel of
/// an analysis, the kernel's projections, or the whole analysis. Checks only
/// judge and word their findings; the diagnostics builder (Diagnose.h) puts
/// the findings in order.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_CHECKS_CHECK_H
#define HEADROOM_CHECKS_CHECK_H

#include "analysis/Analysis.h"
#include "analysis/Diagnostic.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// How a threshold reads in prose.
enum class ThresholdUnit {
  Count,       ///< as is: "64"
  Nanoseconds, ///< in microseconds: "100 us"
  Factor,      ///< "twice", "3x"
  Percent,     ///< "5%"
};

/// A constant a check compares against.
struct Threshold {
  std::string_view Name;
  double Value;
  ThresholdUnit Unit;

  /// The value as docs/diagnostics.md writes it.
  std::string text() const;
};

/// What a check is, besides how it judges.
struct CheckInfo {
  std::string_view Name;
  DiagnosticLevel Level;
  std::string_view Summary;
  std::string_view Help;
  std::span<const Threshold> Thresholds = {};
};

/// The base of every check. Checks are constant objects of the registry
/// (CheckRegistry.h), never copied.
class Check {
public:
  explicit constexpr Check(const CheckInfo &Facts) : Facts(Facts) {}
  Check(const Check &) = delete;
  Check &operator=(const Check &) = delete;
  virtual ~Check() = default;

  const CheckInfo &info() const { return Facts; }
  std::string_view name() const { return Facts.Name; }

private:
  const CheckInfo &Facts;
};

/// Gives a kernel its warning: exactly one of these applies to a kernel
/// (its bound, or why its bound is unknown).
class KernelWarningCheck : public Check {
public:
  using Check::Check;
  virtual bool applies(const KernelReport &K) const = 0;
  /// The warning at the kernel's definition, with the notes that belong to
  /// it; called only when applies(K).
  virtual Diagnostic warning(const KernelReport &K,
                             const Analysis &A) const = 0;
};

/// A qualification of the model for one kernel: a note on its warning, and
/// a tag in the JSON, CSV and HTML views.
class QualifyingCheck : public Check {
public:
  using Check::Check;
  virtual bool applies(const KernelReport &K) const = 0;
  /// The note's text; called only when applies(K).
  virtual std::string message(const KernelReport &K) const = 0;
};

/// Judges a kernel's projection onto a --target device.
class ProjectionCheck : public Check {
public:
  using Check::Check;
  /// Whether the check fires for the finding \p F's projection \p Target.
  virtual bool changes(const KernelFinding &F,
                       const TargetFinding &Target) const = 0;
  /// Whether it fires for any projection of \p K.
  bool applies(const KernelReport &K) const;
};

/// Judges the inputs of an analysis as a whole.
class ProfileCheck : public Check {
public:
  using Check::Check;
  virtual std::vector<Diagnostic> diagnose(const Analysis &A) const = 0;
};

} // namespace headroom

#endif // HEADROOM_CHECKS_CHECK_H
