//===- Findings.h - What the editor shows of an analysis --------*- C++ -*-===//
///
/// \file
/// The kernels of an analyzed profile (checks/Report.h) as the language
/// server presents them: each kernel's diagnostic exactly as the build
/// prints it (level, message, check name, notes), where it is defined and
/// launched (absolute paths), and the numbers of its code lens and hover.
/// Nothing here is computed anew: it is read from the Analysis and its
/// diagnostics.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_FINDINGS_H
#define HEADROOM_LSP_FINDINGS_H

#include "analysis/Analysis.h"

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace headroom::lsp {

/// One launch site of a kernel.
struct LaunchFinding {
  SourceLocation Where;
  /// The build's note there ("launched 20 times here, 95% of ...").
  std::string Note;
  std::uint64_t Launches = 0;
  double TotalNs = 0;
  /// This site's share of the kernel's GPU time, 0..1.
  double Share = 0;
};

/// A hot line of a kernel's warp-stall samples (analysis/StallLines.h).
struct HotLineFinding {
  /// The line, as an absolute path; its column is the line's first
  /// character where the report read the source, else 0.
  SourceLocation Where;
  /// Its share of the kernel's samples, 0..1, and the stall reason with the
  /// most of its samples (CUPTI's name: checks/StallReasons.h words it).
  double Share = 0;
  std::string Reason;
};

/// One kernel with a located diagnostic: at its definition, or at the
/// library call that ran it (the report groups by call).
struct EditorKernel {
  std::string Kernel;
  /// Its short name (support/KernelNames.h), what the editor shows.
  std::string ShortName;
  /// The library call the diagnostic is at ("thrust::sort"), else empty.
  std::string Call;
  /// The identifier written in the source where the diagnostic is: the
  /// kernel's (analysis/SitesMatchSources.h), or the called function's.
  std::string Identifier;
  /// The kernel's diagnostic as the build prints it; its location and its
  /// notes' locations are absolute paths.
  Diagnostic Warning;
  /// Where Warning is: the kernel's definition, or the library call.
  SourceLocation Definition;
  std::vector<LaunchFinding> Launches;
  /// The hot lines of the kernel's stall samples, where Warning has a note
  /// each.
  std::vector<HotLineFinding> HotLines;
  /// "memory-bound", "compute-bound", "latency-bound", or the check's name
  /// without "headroom-" for kernels without a bound ("no-counters").
  std::string Bound;
  /// The headroom the warning states (to the roof, or to the prediction
  /// without one: analysis/KernelFinding.h) and the roof's name ("DRAM
  /// roof"; empty without a roof).
  std::optional<double> Headroom;
  std::string RoofName;
  /// The predicted time and the headroom to it (the cap).
  std::optional<double> PredictedMs, CapHeadroom;
  /// Whether PredictedMs is an estimate (a latency, the stages partly
  /// overlapped) rather than a floor.
  bool EstimatePredicted = false;
  double TotalNs = 0, ShareOfProfile = 0;
  std::uint64_t LaunchCount = 0;
  /// Whether the profile has measured counters for it (its measured mix
  /// replaces the static one of `headroom static-mix`).
  bool MeasuredCounters = false;
  /// The device the model ran on.
  std::string Device;
  /// Its advice with the estimated gain, as many as its warning has notes
  /// of, the largest gain first: a code action each opens its section of
  /// docs/advice.md.
  std::vector<WhatIfEstimate> Advice;

  /// `memory-bound · 1.13x slower than its DRAM roof · 6.258 ms in 21
  /// launches`, as the warning states it.
  std::string lensTitle() const;
  /// "1.13x slower than its DRAM roof" (or "than predicted" without a
  /// roof), the number between \p Emphasis (Markdown's "**" in the hover).
  std::string headroomText(const char *Emphasis) const;
  /// `saxpy: 20 launches here · 5.961 ms (95% of its GPU time)`.
  std::string launchLensTitle(const LaunchFinding &L) const;
  /// `62% of fill's warp stalls · long scoreboard`: the lens at a hot line.
  std::string hotLineLensTitle(const HotLineFinding &H) const;
  /// `Headroom: est. 3.1x faster with register tiling: read how`: the code
  /// action that opens \p E's section of docs/advice.md.
  std::string adviceActionTitle(const WhatIfEstimate &E) const;
  /// Markdown appended to the hover of the kernel (\p Launch: at one of its
  /// launches).
  std::string hoverMarkdown(const LaunchFinding *Launch,
                            const std::string &DocsBase) const;
};

/// Every kernel of an analysis that has a place in the source.
struct Findings {
  std::vector<EditorKernel> Kernels;
  /// The analysis they come from (for the HTML report).
  std::shared_ptr<const Analysis> Source;
  /// The text of each file of the findings when they were loaded (absolute
  /// path; files that could not be read are absent): what re-anchoring
  /// compares the lines with.
  std::map<std::string, std::string> SourcesAtLoad;
  /// The profile-level findings (device mismatch, empty profile, thesis
  /// fallback), as "name: message" lines, for the log.
  std::vector<std::string> ProfileNotes;
};

/// Reads the findings of \p A (diagnosed); \p Resolve turns a path of the
/// profile into an absolute path.
Findings
findingsOf(std::shared_ptr<const Analysis> A,
           const std::function<std::string(const std::string &)> &Resolve);

/// The documentation link of check \p Check under \p DocsBase (the URI of
/// docs/diagnostics.md): `<DocsBase>#<check>`.
std::string checkHref(const std::string &DocsBase, const std::string &Check);

/// The URI of the document \p Name beside \p DocsBase (the URI of
/// docs/diagnostics.md): `<docs>/advice.md`; empty when \p DocsBase is not
/// such a URI.
std::string siblingDoc(const std::string &DocsBase, std::string_view Name);

/// docs/diagnostics.md of the source tree this was built from ("" when it
/// is not there any more).
std::string sourceTreeDiagnosticsDoc();

} // namespace headroom::lsp

#endif // HEADROOM_LSP_FINDINGS_H
