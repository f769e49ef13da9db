//===- HtmlReport.cpp - The report as one self-contained page -------------===//

#include "views/HtmlReport.h"

#include "checks/Diagnose.h"
#include "checks/Notes.h"
#include "model/ComponentTimes.h"
#include "support/Format.h"
#include "support/Quantities.h"
#include "support/Svg.h"
#include "views/QuadrantSplitSvg.h"
#include "views/RooflineSvg.h"

namespace headroom {

namespace {

using svg::escape;

/// Kernels whose full diagnostics the page spells out (the table lists
/// every kernel).
constexpr std::size_t DetailedKernels = 50;

constexpr const char *Style = R"css(
body { font-family: -apple-system, "Segoe UI", Helvetica, Arial, sans-serif;
       margin: 24px auto; max-width: 1400px; padding: 0 16px; color: #1d1d1d;
       background: #fafafa; line-height: 1.4; }
h1 { font-size: 24px; margin-bottom: 4px; }
h2 { font-size: 19px; margin-top: 32px; border-bottom: 1px solid #ddd;
     padding-bottom: 4px; }
p.lead { color: #444; margin-top: 0; }
table { border-collapse: collapse; font-size: 13px; background: #fff; }
th, td { border: 1px solid #ddd; padding: 4px 8px; text-align: left;
         vertical-align: top; }
th { background: #f0f0f0; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
/* Long kernel names, paths and bottleneck notes wrap, so the tables fit a
   1200-pixel window. */
table.kernels, table.projection { width: 100%; }
table.kernels td, table.projection td { overflow-wrap: anywhere; }
.memory { color: #2a5d9f; font-weight: 600; }
.compute { color: #a05a00; font-weight: 600; }
.unknown { color: #777; }
.charts { display: flex; flex-wrap: wrap; gap: 12px; }
.chart { background: #fff; border: 1px solid #ddd; }
.diag { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: 12px;
        white-space: pre-wrap; background: #fff; border: 1px solid #ddd;
        padding: 8px; margin: 4px 0; }
.warning { color: #a0148c; font-weight: bold; }
.error { color: #c0392b; font-weight: bold; }
.note { color: #555; font-weight: bold; }
.check { color: #777; }
details { margin: 4px 0; }
summary { cursor: pointer; }
footer { margin-top: 40px; color: #777; font-size: 12px; }
)css";

std::string loc(const std::optional<SourceLocation> &L) {
  if (!L)
    return "";
  return L->File + ":" + std::to_string(L->Line) + ":" +
         std::to_string(L->Column);
}

void diagnosticHtml(std::ostream &OS, const Diagnostic &D) {
  auto One = [&](const Diagnostic &X) {
    OS << escape(X.Location ? loc(X.Location) : std::string("headroom"))
       << ": <span class=\"" << diagnosticLevelName(X.Level) << "\">"
       << diagnosticLevelName(X.Level) << ":</span> " << escape(X.Message);
    if (!X.Check.empty())
      OS << " <span class=\"check\">[" << escape(X.Check) << "]</span>";
    OS << "\n";
  };
  OS << "<div class=\"diag\">";
  One(D);
  for (const Diagnostic &N : D.Notes)
    One(N);
  OS << "</div>\n";
}

std::string ms(double Ms) { return formatMs(Ms); }

/// The model's cells of a kernel's row: bound, attainable, floor, measured,
/// headroom, attainable % and the bottleneck.
void modelCells(std::ostream &OS, const KernelReport &K) {
  const Prediction &P = *K.Model;
  const char *Unit = opUnit(P.Type);
  OS << "<td class=\"" << boundName(P.Limit) << "\">" << boundName(P.Limit)
     << " (" << escape(formatIntensity(P.OKrn)) << " / "
     << escape(formatIntensity(P.ODev)) << ")</td><td class=\"num\">"
     << escape(formatRate(P.AttainableGops, Unit)) << "</td><td class=\"num\">"
     << ms(P.PredictedMs) << "</td>";
  if (auto H = P.headroom())
    OS << "<td class=\"num\">" << ms(*P.MeasuredMs) << "</td><td class=\"num\">"
       << formatTimes(*H) << "</td><td class=\"num\">" << percent(1 / *H)
       << "</td>";
  else
    OS << "<td></td><td></td><td></td>";
  OS << "<td>";
  if (const ComponentTime *B = K.Components.bottleneck()) {
    OS << componentName(B->Which) << " " << ms(B->Ms);
    if (const ComponentTime *N = K.Components.next())
      OS << " &rarr; " << componentName(N->Which) << " " << ms(N->Ms);
  }
  OS << "</td>";
}

/// The row of the \p Row th kernel of the table.
void kernelRow(std::ostream &OS, const Analysis &A, const KernelReport &K,
               std::size_t Row) {
  OS << "<tr><td class=\"num\">" << Row << "</td><td>" << escape(K.Kernel)
     << "</td><td>" << escape(loc(K.Definition)) << "</td><td class=\"num\">"
     << K.Launches << "</td><td class=\"num\">" << ms(K.TotalNs / 1e6)
     << "</td><td class=\"num\">" << percent(K.ShareOfProfile) << "</td>";
  if (K.Model)
    modelCells(OS, K);
  else
    OS << "<td class=\"unknown\">"
       << (K.ModelError ? "invalid counters" : "no counters")
       << "</td><td></td><td></td><td class=\"num\">"
       << (A.MeasuredOnDevice ? ms(K.TotalNs / 1e6) : "")
       << "</td><td></td><td></td><td></td>";
  std::string Notes;
  for (const std::string &C : qualifyingChecks(K))
    Notes += (Notes.empty() ? "" : " ") + C;
  OS << "<td>" << escape(Notes) << "</td></tr>\n";
}

void kernelTable(std::ostream &OS, const Analysis &A) {
  OS << "<table class=\"kernels\">\n<tr><th>#</th><th>kernel</th>"
        "<th>definition</th><th>launches</th><th>GPU time (ms)</th>"
        "<th>share</th><th>bound (O_krn / O_dev)</th><th>attainable</th>"
        "<th>floor (ms)</th><th>measured (ms)</th><th>headroom</th>"
        "<th>attainable %</th><th>bottleneck &rarr; next</th>"
        "<th>notes</th></tr>\n";
  std::size_t Row = 0;
  for (const KernelReport &K : A.Report.Kernels)
    kernelRow(OS, A, K, ++Row);
  OS << "</table>\n";
}

void projectionTable(std::ostream &OS, const Analysis &A) {
  OS << "<table class=\"projection\">\n<tr><th>kernel</th><th>"
     << escape(A.Device.Device.Name) << " (profiled)</th>";
  for (const DeviceEntry &T : A.Targets)
    OS << "<th>" << escape(T.Device.Name) << "</th>";
  OS << "</tr>\n";
  for (const KernelReport &K : A.Report.Kernels) {
    if (!K.Model)
      continue;
    const Prediction &P = *K.Model;
    OS << "<tr><td>" << escape(K.Kernel) << "</td><td class=\""
       << boundName(P.Limit) << "\">" << boundName(P.Limit) << ", "
       << (P.MeasuredMs ? "measured " + ms(*P.MeasuredMs)
                        : "floor " + ms(P.PredictedMs))
       << " ms</td>";
    // One cell per target, by the model that projects it (the Hopper
    // model's regime and projected time where it does).
    for (const DeviceEntry &Target : A.Targets) {
      const std::string &Name = Target.Device.Name;
      const BoundsProjection *B = nullptr;
      if (K.Bounds)
        for (const BoundsProjection &X : K.Bounds->Projections)
          if (X.Device == Name)
            B = &X;
      const Prediction *T = nullptr;
      for (const Prediction &X : K.Projections)
        if (X.Device == Name)
          T = &X;
      if (B) {
        const char *R = regimeName(B->TargetRegime);
        bool Changes = B->TargetRegime != K.Bounds->regime();
        OS << "<td class=\"" << R << "\">" << R << (Changes ? " (changes)" : "")
           << ", projected " << ms(B->ProjectedMs) << " ms</td>";
      } else if (T) {
        bool Changes = T->Limit != P.Limit;
        OS << "<td class=\"" << boundName(T->Limit) << "\">"
           << boundName(T->Limit) << (Changes ? " (changes)" : "") << ", floor "
           << ms(T->PredictedMs) << " ms";
        if (T->Correction)
          OS << ", corrected " << ms(T->Correction->CorrectedMs) << " ms";
        OS << "</td>";
      } else {
        OS << "<td>-</td>";
      }
    }
    OS << "</tr>\n";
  }
  OS << "</table>\n";
}

/// Whether a diagnostic is about the inputs (the page lists those first)
/// rather than about one kernel.
bool isInputProblem(const Diagnostic &Dg) {
  return Dg.Kernel.empty() || Dg.Check == "headroom-sites-changed";
}

/// The document's head and the page's header: what was modeled on what.
void pageHeader(std::ostream &OS, const Analysis &A) {
  const DeviceParameters &D = A.Device.Device;
  std::string ProfiledOn;
  for (const ProfileDevice &PD : A.Source.Devices)
    ProfiledOn += (ProfiledOn.empty() ? "" : ", ") + PD.Name;
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
     << "<meta name=\"viewport\" content=\"width=device-width\">\n"
     << "<title>Headroom report: " << escape(A.Source.Path) << " on "
     << escape(D.Name) << "</title>\n<style>" << Style << "</style>\n"
     << "</head>\n<body>\n<header>\n<h1>Headroom report</h1>\n"
     << "<p class=\"lead\">Profile <code>" << escape(A.Source.Path) << "</code>"
     << (ProfiledOn.empty() ? "" : " recorded on " + escape(ProfiledOn))
     << ", modeled on <b>" << escape(D.Name) << "</b> (<code>"
     << escape(deviceFileLabel(A.Device)) << "</code>, "
     << escape(D.Origin.Source)
     << ") with the quantitative roofline model of Konstantinidis' thesis"
     << (A.Model.OptimisticInt ? " (optimistic integer variant)" : "") << ". "
     << A.Report.Kernels.size() << " kernels, " << A.Report.modeledKernels()
     << " with counters, " << escape(formatDuration(A.Report.TotalNs))
     << " of GPU time.</p>\n"
     << "</header>\n";
}

/// The problems with the inputs, when there are any.
void inputProblemsSection(std::ostream &OS, const Analysis &A) {
  std::size_t InputProblems = 0;
  for (const Diagnostic &Dg : A.Diagnostics)
    InputProblems += isInputProblem(Dg);
  if (!InputProblems)
    return;
  OS << "<section id=\"inputs\">\n<h2>Input problems</h2>\n";
  for (const Diagnostic &Dg : A.Diagnostics)
    if (isInputProblem(Dg))
      diagnosticHtml(OS, Dg);
  OS << "</section>\n";
}

/// The quadrant-split panels, when there are any.
void quadrantSplitSection(std::ostream &OS, const Analysis &A) {
  std::vector<std::string> Panels = quadrantSplitSvgs(A);
  if (Panels.empty())
    return;
  OS << "<section id=\"quadrant-split\">\n<h2>Quadrant split</h2>\n"
        "<p>One kernel, every GPU (thesis section 3.3): each GPU is a "
        "point (B_mem, T'_op), the kernel a half-line of slope O_krn. "
        "GPUs on the shaded side above the line are memory-bound for "
        "the kernel, those below compute-bound; the dashed line ends "
        "at the attainable throughput."
     << (A.Targets.empty() ? " Add GPUs with <code>--target</code>." : "")
     << "</p>\n<div class=\"charts\">\n";
  for (const std::string &P : Panels)
    OS << P;
  OS << "</div>\n</section>\n";
}

/// The roofline chart, then the quadrant split; neither without a kernel
/// that has counters.
void chartSections(std::ostream &OS, const Analysis &A) {
  std::string Roofline = rooflineSvg(A);
  if (Roofline.empty())
    return;
  OS << "<section id=\"roofline\">\n<h2>Roofline</h2>\n<p>One device, "
        "every kernel (thesis chapter 3). Diagonal roofs are the "
        "measured bandwidths, horizontal lines the measured compute "
        "peaks; a kernel's own ceiling T'_op (dashed, its color) is the "
        "peak reduced by its instruction mix. The vertical gap between a "
        "kernel's measured point and its attainable point is its "
        "headroom.</p>\n<div class=\"charts\">\n"
     << Roofline << "</div>\n</section>\n";
  quadrantSplitSection(OS, A);
}

/// The table of every kernel, and the projection table with --target.
void tableSections(std::ostream &OS, const Analysis &A) {
  OS << "<section id=\"kernels\">\n<h2>Kernels</h2>\n<p>Most GPU time "
        "first. Headroom is measured time over the model's floor; "
        "attainable % is its inverse: the share of the attainable "
        "throughput the kernel achieves.</p>\n";
  kernelTable(OS, A);
  OS << "</section>\n";
  if (A.Targets.empty())
    return;
  OS << "<section id=\"projection\">\n<h2>Projection to other GPUs</h2>\n"
        "<p>The counters are device-independent (thesis chapter 5): each "
        "kernel's floor on each GPU, and the floor corrected by E_util = "
        "measured / predicted on the profiled GPU (thesis 5.13).</p>\n";
  projectionTable(OS, A);
  OS << "</section>\n";
}

/// Each kernel's full diagnostic, the first DetailedKernels of them, the
/// first three open.
void diagnosticsSection(std::ostream &OS, const Analysis &A) {
  OS << "<section id=\"diagnostics\">\n<h2>Diagnostics</h2>\n";
  std::size_t Shown = 0;
  for (const Diagnostic &Dg : A.Diagnostics) {
    if (isInputProblem(Dg))
      continue;
    if (Shown++ == DetailedKernels) {
      OS << "<p>" << (A.Report.Kernels.size() - DetailedKernels)
         << " more kernels: see <code>headroom report --format text</code>."
         << "</p>\n";
      break;
    }
    OS << "<details" << (Shown <= 3 ? " open" : "") << "><summary>"
       << escape(Dg.Kernel) << " <span class=\"check\">[" << escape(Dg.Check)
       << "]</span></summary>\n";
    diagnosticHtml(OS, Dg);
    OS << "</details>\n";
  }
  OS << "</section>\n";
}

} // namespace

void writeHtmlReport(std::ostream &OS, const Analysis &A,
                     const std::string &ToolVersion) {
  pageHeader(OS, A);
  // Problems with the inputs come first.
  inputProblemsSection(OS, A);
  chartSections(OS, A);
  tableSections(OS, A);
  diagnosticsSection(OS, A);
  OS << "<footer>Generated by headroom " << escape(ToolVersion)
     << ". Check names are documented in docs/diagnostics.md.</footer>\n"
     << "</body>\n</html>\n";
}

} // namespace headroom
