//===- StallSamplesSum.h - Stall samples of several launches ----*- C++ -*-===//
///
/// \file
/// Sums the warp-stall samples (`stall_samples`) of several launches or
/// profiles of one kernel entry: per instruction (function and offset),
/// reason by reason, with their launches and dropped samples. Where they
/// were sampled at different periods, each one's counts are first scaled to
/// the shortest period (count x period / shortest, rounded), so that every
/// summed sample stands for the same number of cycles and the shares per
/// line stay those of the time spent; samples of period 0 (unknown) are
/// added unscaled. Sums are held at MaxProfileCount + 1, as the reader's
/// bound. The runtime sums an entry's sampled launches with it, and
/// `headroom merge` the entries of its inputs.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SCHEMA_STALLSAMPLESSUM_H
#define HEADROOM_SCHEMA_STALLSAMPLESSUM_H

#include "schema/ProfileDocument.h"

#include <cstdint>
#include <span>

namespace headroom {

/// \p Count samples taken every \p Period cycles as samples every
/// \p Shortest cycles: Count x Period / Shortest, rounded, held at
/// UINT64_MAX. A sample stands for the Period cycles before it, so this
/// weighs samples of different periods by the stall cycles they stand for;
/// \p Count unchanged where either period is 0 (unknown) or both are the
/// same. What sumStallSamples and analysis/StallLines.h scale with.
std::uint64_t samplesAtPeriod(std::uint64_t Count, std::uint64_t Period,
                              std::uint64_t Shortest);

/// The sum of \p Parts, instructions ordered by function and offset; an
/// instruction's line is the first part's that resolved it.
StallSamples sumStallSamples(std::span<const StallSamples> Parts);

} // namespace headroom

#endif // HEADROOM_SCHEMA_STALLSAMPLESSUM_H
