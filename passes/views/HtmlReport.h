//===- HtmlReport.h - The report as one self-contained page -----*- C++ -*-===//
///
/// \file
/// `headroom report --format html`: one HTML file with everything inline
/// (CSS in a <style> element, charts as inline SVG, no script, no external
/// resource), readable offline and attachable to a CI run: the inputs, the
/// input problems, the roofline chart, the quadrant-split panels, the
/// per-kernel table, the projection table when --target was given, a
/// table of advice per kernel that has some (docs/advice.md), the
/// annotated source of each kernel with warp-stall samples (its lines with
/// their share of the samples and stall reasons, as Nsight Compute's Source
/// page shows them) and each kernel's full diagnostic in a <details>
/// element.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_HTMLREPORT_H
#define HEADROOM_VIEWS_HTMLREPORT_H

#include "analysis/Analysis.h"

#include <ostream>
#include <string>

namespace headroom {

/// Writes the page; \p ToolVersion goes into its footer, and the advice
/// links its sections of advice.md under \p DocsUri (the docs directory's
/// URI; empty: the sections are named, not linked).
void writeHtmlReport(std::ostream &OS, const Analysis &A,
                     const std::string &ToolVersion,
                     const std::string &DocsUri = "");

/// The id of the page's annotated source of kernel \p Kernel (its full
/// name; the first of its reports where grouping by call reports it more
/// than once): "source-2"; empty when the page shows none for it.
std::string kernelSourceId(const Analysis &A, const std::string &Kernel);

} // namespace headroom

#endif // HEADROOM_VIEWS_HTMLREPORT_H
