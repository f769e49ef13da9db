//===- StallLines.h - A kernel's warp-stall samples per line ----*- C++ -*-===//
///
/// \file
/// The warp-state samples of a kernel's entries (ProfileKernel::Stalls,
/// CUPTI's PC sampling) summed per source line: each line's samples, its
/// share of the kernel's, its samples per stall reason and the reason that
/// holds most; the same for the whole kernel; and the hot lines, the few
/// lines that hold most of the samples. Entries sampled at different
/// periods are weighed by the cycles their samples stand for: each one's
/// counts are scaled to the shortest period (samplesAtPeriod,
/// schema/StallSamplesSum.h) before they are summed, so that shares are
/// those of stall cycles. Numbers and CUPTI's reason names only:
/// checks/StallReasons.h words them.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_ANALYSIS_STALLLINES_H
#define HEADROOM_ANALYSIS_STALLLINES_H

#include "analysis/KernelCode.h"
#include "schema/ProfileDocument.h"

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace headroom {

/// At most this many hot lines per kernel.
inline constexpr std::size_t MaxHotLines = 3;
/// A hot line holds at least this share of its kernel's samples.
inline constexpr double HotLineShare = 0.10;

/// A load waited on is a chain of dependent loads when at least this many
/// loads in a row feed its address (StallWait::ChainLoads): an indirect
/// load (`A[Index[I]]`) has one.
inline constexpr unsigned LoadChainLoads = 2;
/// StallWait::ChainLoads counts no further.
inline constexpr unsigned MaxChainLoads = 4;

/// The stall reason of a warp that was issuing when sampled: not a stall,
/// so never a line's or a kernel's dominant reason while another is there.
inline constexpr const char *IssuingReason = "selected";

/// Samples per stall reason (CUPTI's names, as the profile has them).
using StallCounts = std::map<std::string, std::uint64_t>;

/// The samples of one instruction of a kernel (all its entries').
struct StallPc {
  /// The mangled function the instruction is in, and its SASS offset.
  std::string Function;
  std::uint64_t Offset = 0;
  /// Its line (Column 0); File empty where the runtime could not resolve
  /// it.
  SourceLocation Where;
  std::string Directory;
  StallCounts Reasons;
};

/// The innermost SASS loop a hot line's sampled instructions lie in
/// (analysis/HotLineCode.h).
struct StallLoop {
  std::string Function;
  /// The loop's address range (analysis/KernelCode.h, CodeLoop).
  std::uint64_t FirstOffset = 0, LastOffset = 0;
  /// The lowest and the highest line of the sampled instructions in that
  /// range that have a line in the hot line's file.
  unsigned FirstLine = 0, LastLine = 0;
};

/// The instruction a hot line's warps wait on most, for its dominant
/// reason (sass/StallBlame.h): a load, a barrier, a branch.
struct StallWait {
  std::string Function;
  std::uint64_t Offset = 0;
  /// Its opcode with modifiers ("LDG.E.64") and what it is.
  std::string Opcode;
  CodeRole Kind = CodeRole::Other;
  /// The stall reason charged to it (the hot line's dominant one) and the
  /// hot line's samples of that reason charged to it.
  std::string Reason;
  std::uint64_t Samples = 0;
  /// Its line: that of its own samples, else (FromListing) the innermost
  /// frame the listing gives it (`nvdisasm -gi`, CodeInstruction::Frames),
  /// else (Nearby) that of the nearest sampled instruction before it in its
  /// basic block; File empty when none has one.
  SourceLocation Where;
  bool FromListing = false;
  bool Nearby = false;
  /// A load only: the offset of the load whose value its address is
  /// computed from (CodeInstruction::AddressFrom), and how many loads in a
  /// row feed it so, following those links up to MaxChainLoads; a chain
  /// that comes back to a load already counted (around a loop) counts
  /// MaxChainLoads. 0 when its address comes from no load.
  std::optional<std::uint64_t> AddressFrom;
  unsigned ChainLoads = 0;

  /// Whether it is a chain of dependent loads: a pointer chase.
  bool loadChain() const { return ChainLoads >= LoadChainLoads; }
};

/// The line of a kernel's own code that a hot line in an inlined function
/// was inlined at: the last source frame (analysis/KernelCode.h,
/// CodeInstruction::Frames) of the line's sampled instructions, the one that
/// holds most of its samples (analysis/HotLineCode.h).
struct StallCallSite {
  /// The call's file as the listing names it (the path nvcc was given),
  /// and its line.
  std::string File;
  unsigned Line = 0;
  /// Whether the listing names the same file for the hot line (the
  /// innermost frame) and the call.
  bool SameFile = false;
  /// The hot line's samples at instructions inlined at that call.
  std::uint64_t Samples = 0;
};

/// The samples of one source line of a kernel, or of its instructions
/// without a line.
struct StallLine {
  /// The line (Column 0: the line table has no columns, but placeHotLines
  /// gives hot lines one); File empty for the instructions the runtime
  /// could not resolve.
  SourceLocation Where;
  /// The directory a relative Where.File is relative to; may be empty.
  std::string Directory;
  std::uint64_t Samples = 0;
  /// Samples over the kernel's samples, 0..1.
  double Share = 0;
  StallCounts Reasons;
  /// The reason with the most samples (dominantReason).
  std::string Dominant;
  /// Hot lines only, where the program's SASS is at hand
  /// (analysis/HotLineCode.h): the loop the line's samples lie in, and
  /// what its warps wait on.
  std::optional<StallLoop> Loop;
  std::optional<StallWait> WaitsOn;
  /// Hot lines only, where the SASS has inlined line info (`nvdisasm -gi`)
  /// and the line's samples lie in code inlined into the kernel: the
  /// kernel's line it was inlined at.
  std::optional<StallCallSite> InlinedAt;

  bool resolved() const { return !Where.File.empty(); }
};

/// A kernel's samples, by line.
struct StallLines {
  /// All samples of the kernel's entries, and the sampled launches, the
  /// samples dropped and the sampling period (the entries' shortest; 0
  /// when unknown) behind them.
  std::uint64_t Samples = 0, Launches = 0, Dropped = 0, Period = 0;
  StallCounts Reasons;
  /// The kernel's dominant reason (dominantReason).
  std::string Dominant;
  /// The lines with samples, most samples first (ties: by file and line).
  std::vector<StallLine> Lines;
  /// Every sampled instruction, by function and offset.
  std::vector<StallPc> Pcs;
  /// The samples of instructions without a line; absent when none.
  std::optional<StallLine> Unresolved;
  /// The hot lines, as positions in Lines: at most MaxHotLines lines, each
  /// with at least HotLineShare of the samples, most samples first.
  std::vector<std::size_t> Hot;

  /// The line of Lines that holds most of \p Reason's samples; null when
  /// no line has any.
  const StallLine *lineOf(const std::string &Reason) const;
};

/// The reason of \p Counts with the most samples, leaving out
/// IssuingReason unless it is the only one with samples (ties: the first by
/// name); empty when no reason has samples.
std::string dominantReason(const StallCounts &Counts);

/// The stall samples of \p Entries (those with Stalls), by line; absent
/// when none of them has a sample.
std::optional<StallLines>
stallLines(std::span<const ProfileKernel *const> Entries);

/// The SMs that held a warp while \p Entries' stall-sampled launches ran, on
/// average: their samples against the one per SM and period that a launch
/// of each entry's median duration gives at \p ClockHz, for an SM with no
/// warp gives none (kernels that fill an H200 gave 0.93-1.03 of 132,
/// docs/perf/lines.md). Absent where no entry has samples, a period and a
/// timed launch.
std::optional<double> residentSms(std::span<const ProfileKernel *const> Entries,
                                  double ClockHz);

/// Gives each hot line of \p S the column of its first non-blank
/// character, where its file (relative to \p Root unless absolute, as
/// localizeSourcePaths leaves it) is readable and has the line; it keeps
/// Column 0 otherwise.
void placeHotLines(StallLines &S, const std::string &Root);

} // namespace headroom

#endif // HEADROOM_ANALYSIS_STALLLINES_H
