//===- HtmlReport.cpp - The report as one self-contained page -------------===//

#include "views/HtmlReport.h"

#include "analysis/AdviceLines.h"
#include "analysis/AnnotatedSource.h"
#include "checks/Diagnose.h"
#include "checks/Notes.h"
#include "checks/StallReasons.h"
#include "checks/Vocabulary.h"
#include "support/Format.h"
#include "support/InputFile.h"
#include "support/KernelNames.h"
#include "support/Quantities.h"

#include "support/Svg.h"
#include "views/QuadrantSplitSvg.h"
#include "views/RooflineSvg.h"
#include <algorithm>
#include <cmath>

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
/* The tables fit a 1200-pixel window: long kernel names and paths wrap at
   their punctuation (<wbr> after ::, <, , and /), never inside a word; a
   name with no such place scrolls its table sideways instead. */
.table-scroll { overflow-x: auto; }
table.kernels, table.projection { width: 100%; }
td.name { overflow-wrap: normal; word-break: normal; }
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
/* The annotated source: a row's shade and bar follow its line's share of
   the kernel's stall samples; the share is also written, in the row. */
h3.source-kernel { font-size: 16px; margin-bottom: 4px; }
h3.source-kernel .name { overflow-wrap: normal; word-break: normal; }
table.source { margin-bottom: 12px; }
table.source caption { text-align: left; padding: 4px 0; color: #444; }
table.source td.reasons { white-space: nowrap; }
table.source td.code { font-family: ui-monospace, Menlo, Consolas, monospace;
                       white-space: pre; tab-size: 4; }
table.source tr.hot th, table.source tr.hot td.share { font-weight: bold; }
table.source tr.gap td { color: #777; font-style: italic; background: #f4f4f4; }
td.share { white-space: nowrap; font-variant-numeric: tabular-nums; }
.track { display: inline-block; width: 60px; height: 8px; margin-right: 6px;
         background: #eee; vertical-align: middle; }
.bar { display: block; height: 100%; background: #c0392b; }
p.unread { color: #a05a00; }
/* Advice: one small table per kernel, the largest gain first. */
h3.advice-kernel { font-size: 16px; margin-bottom: 4px; }
h3.advice-kernel .name { overflow-wrap: normal; word-break: normal; }
table.advice { margin-bottom: 12px; }
table.advice td.num { white-space: nowrap; }
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

/// \p Text escaped, with a line-break opportunity (<wbr>) after each '::',
/// '<', ',' and '/': where a C++ name or a path may wrap.
std::string breakable(const std::string &Text) {
  std::string Out;
  for (std::size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    Out += escape(std::string(1, C));
    bool Scope = C == ':' && I + 1 < Text.size() && Text[I + 1] == ':';
    if (Scope) {
      Out += ':';
      ++I;
    }
    if (Scope || C == '<' || C == ',' || C == '/')
      Out += "<wbr>";
  }
  return Out;
}

/// A cell of a number, or an empty one.
std::string num(const std::optional<std::string> &Text) {
  return "<td class=\"num\">" + (Text ? escape(*Text) : std::string()) +
         "</td>";
}

/// The finding's cells of a kernel's row: regime, roof, predicted time and
/// what sets it, measured time and the two headrooms.
void findingCells(std::ostream &OS, const KernelFinding &F) {
  const char *Regime = regimeName(F.Verdict);
  OS << "<td class=\"" << Regime << "\">" << Regime << "-bound"
     << (F.Balanced ? " (balanced)" : "") << "</td>";
  OS << "<td>" << (F.RoofTime ? escape(roofName(*F.RoofTime)) : "") << "</td>"
     << num(F.RoofTime ? std::optional(ms(F.RoofTime->Ms)) : std::nullopt)
     << num(ms(F.PredictedMs)) << "<td>" << escape(predictedByName(F.SetBy))
     << "</td>"
     << num(F.MeasuredMs ? std::optional(ms(*F.MeasuredMs)) : std::nullopt);
  auto Times = [](std::optional<double> H) {
    return H ? std::optional(formatTimes(*H)) : std::nullopt;
  };
  OS << num(Times(F.headroom())) << num(Times(F.headroomToCap()));
}

/// Where a kernel's row places it: its definition, or the library call
/// that ran it ("thrust::sort at main.cu:141:5").
std::string whereText(const KernelReport &K) {
  if (K.Call)
    return K.Call->Name + " at " + loc(K.Call->Where);
  return loc(K.Definition);
}

/// The row of the \p Row th kernel of the table.
void kernelRow(std::ostream &OS, const Analysis &A, const KernelReport &K,
               std::size_t Row) {
  OS << "<tr><td class=\"num\">" << Row << "</td><td class=\"name\">"
     << breakable(K.ShortName) << "</td><td class=\"name\">"
     << breakable(whereText(K)) << "</td><td class=\"num\">" << K.Launches
     << "</td><td class=\"num\">" << ms(K.TotalNs / 1e6)
     << "</td><td class=\"num\">" << formatPercent(K.ShareOfProfile) << "</td>";
  if (K.Finding)
    findingCells(OS, *K.Finding);
  else
    OS << "<td class=\"unknown\">"
       << (K.ModelError ? "invalid counters" : "no counters")
       << "</td><td></td><td></td><td></td><td></td>"
       << num(A.MeasuredOnDevice ? std::optional(ms(K.TotalNs / 1e6))
                                 : std::nullopt)
       << "<td></td><td></td>";
  std::string Notes;
  for (const std::string &C : qualifyingChecks(K))
    Notes += (Notes.empty() ? "" : " ") + C;
  OS << "<td>" << escape(Notes) << "</td></tr>\n";
}

void kernelTable(std::ostream &OS, const Analysis &A) {
  OS << "<div class=\"table-scroll\"><table "
        "class=\"kernels\">\n<tr><th>#</th><th>kernel</th>"
        "<th>definition or call</th><th>launches</th><th>GPU time (ms)</th>"
        "<th>share</th><th>regime</th><th>roof</th><th>roof (ms)</th>"
        "<th>predicted (ms)</th><th>set by</th><th>measured (ms)</th>"
        "<th>headroom</th><th>to the cap</th><th>notes</th></tr>\n";
  std::size_t Row = 0;
  for (const KernelReport &K : A.Report.Kernels)
    kernelRow(OS, A, K, ++Row);
  OS << "</table></div>\n";
}

void projectionTable(std::ostream &OS, const Analysis &A) {
  OS << "<div class=\"table-scroll\"><table "
        "class=\"projection\">\n<tr><th>kernel</th><th>"
     << escape(A.Device.Device.Name) << " (profiled)</th>";
  for (const DeviceEntry &T : A.Targets)
    OS << "<th>" << escape(T.Device.Name) << "</th>";
  OS << "</tr>\n";
  for (const KernelReport &K : A.Report.Kernels) {
    if (!K.Finding)
      continue;
    const KernelFinding &F = *K.Finding;
    const char *Here = regimeName(F.Verdict);
    OS << "<tr><td class=\"name\">" << breakable(K.ShortName)
       << "</td><td class=\"" << Here << "\">" << Here << ", "
       << (F.MeasuredMs ? "measured " + ms(*F.MeasuredMs)
                        : "predicted " + ms(F.PredictedMs))
       << " ms</td>";
    // One cell per target, by the model that projects it there.
    for (const DeviceEntry &Target : A.Targets) {
      const TargetFinding *T = F.target(Target.Device.Name);
      if (!T) {
        OS << "<td>-</td>";
        continue;
      }
      const char *There = regimeName(T->Verdict);
      OS << "<td class=\"" << There << "\">" << There
         << (T->verdictChanges() ? " (changes)" : "") << ", projected "
         << ms(T->ProjectedMs) << " ms ("
         << escape(std::string(modelKindKey(T->Model)))
         // Another model's regime is compared with its own here.
         << (T->Model != F.Model
                 ? std::string(", ") + regimeName(T->HereVerdict) + " here"
                 : "")
         << ")</td>";
    }
    OS << "</tr>\n";
  }
  OS << "</table></div>\n";
}

/// Whether a diagnostic is about the inputs (the page lists those first)
/// rather than about one kernel (or heads the kernels outside instrumented
/// code, which has no check).
bool isInputProblem(const Diagnostic &Dg) {
  return (Dg.Kernel.empty() && !Dg.Check.empty()) ||
         Dg.Check == "headroom-sites-changed";
}

/// The heading of the kernels launched outside instrumented code.
bool isOutsideHeading(const Diagnostic &Dg) {
  return Dg.Kernel.empty() && Dg.Check.empty();
}

/// What a kernel's diagnostic is about, as its summary line names it: the
/// kernel's short name, after the library call its warning is at.
std::string subjectOf(const Analysis &A, const Diagnostic &Dg) {
  for (const KernelReport &K : A.Report.Kernels)
    if (K.Kernel == Dg.Kernel && K.where() == Dg.Location)
      return K.Call ? K.Call->Name + ": " + K.ShortName : K.ShortName;
  return shortKernelName(Dg.Kernel);
}

/// "the Hopper model", "the thesis model", or both where some kernels lack
/// the Hopper model's counters: the models that made the findings.
std::string modelsUsed(const Analysis &A) {
  std::vector<ModelKind> Used;
  for (const KernelReport &K : A.Report.Kernels)
    if (K.Finding &&
        std::find(Used.begin(), Used.end(), K.Finding->Model) == Used.end())
      Used.push_back(K.Finding->Model);
  std::string Out;
  for (std::size_t I = 0; I < Used.size(); ++I)
    Out += (I == 0                 ? ""
            : I + 1 == Used.size() ? " and "
                                   : ", ") +
           std::string(modelName(Used[I]));
  return Out.empty() ? std::string(modelName(ModelKind::Hopper)) : Out;
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
     << escape(D.Origin.Source) << ") with " << escape(modelsUsed(A))
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
        "peak reduced by its instruction mix (thesis 4.17). The vertical "
        "gap between a kernel's measured point and its attainable point is "
        "how far it runs from that mix-adjusted roof; the legend gives its "
        "headroom as its warning states it.</p>\n<div class=\"charts\">\n"
     << Roofline << "</div>\n</section>\n";
  quadrantSplitSection(OS, A);
}

/// The table of every kernel, and the projection table with --target.
void tableSections(std::ostream &OS, const Analysis &A) {
  OS << "<section id=\"kernels\">\n<h2>Kernels</h2>\n<p>Most GPU time "
        "first. Headroom is the measured time over the roof, as each "
        "warning states it and <code>headroom lint --max-headroom</code> "
        "gates it; to the cap, over the predicted time, what the "
        "bottleneck that sets the prediction allows.</p>\n";
  kernelTable(OS, A);
  OS << "</section>\n";
  if (A.Targets.empty())
    return;
  OS << "<section id=\"projection\">\n<h2>Projection to other GPUs</h2>\n"
        "<p>Each kernel on each GPU, by the model that projects it there "
        "(docs/model.md): the Hopper model scales the measured time by the "
        "ratio of its predictions; the thesis model corrects its floor by "
        "E_util = measured / predicted on the profiled GPU (thesis 5.13)."
        "</p>\n";
  projectionTable(OS, A);
  OS << "</section>\n";
}

/// A what-if's measure as the advice table writes it: a whole number
/// (bytes, blocks) as such, a share as a percentage, else with three
/// significant digits.
std::string measureText(WhatIfMeasure M, double V) {
  if (M == WhatIfMeasure::Fp64IssueShare)
    return formatPercentFixed(V, 0);
  return V == std::floor(V) ? formatGrouped(V) : formatSignificant(V, 3);
}

/// The link to \p E's section of docs/advice.md under \p DocsUri, else the
/// section's path as text.
std::string adviceLink(const WhatIfEstimate &E, const std::string &DocsUri) {
  std::string Name = escape(std::string(whatIfName(E.Id)));
  std::string Section = "advice.md#" + std::string(whatIfInfo(E.Id).Key);
  if (DocsUri.empty())
    return Name + " (<code>docs/" + escape(Section) + "</code>)";
  return "<a href=\"" + escape(DocsUri + "/" + Section) + "\">" + Name + "</a>";
}

/// The row of \p K's \p Rank th advice \p E: the kernel's time before is
/// the measured one, else the predicted one; the program's gain is over
/// its GPU time, the kernel's share of it shortened by the speedup.
void adviceRow(std::ostream &OS, const KernelReport &K, const WhatIfEstimate &E,
               std::size_t Rank, const std::string &DocsUri) {
  const KernelFinding &F = *K.Finding;
  double Speedup = E.speedup();
  double Before = F.MeasuredMs ? *F.MeasuredMs : E.PredictedMs;
  double After = F.MeasuredMs ? *F.MeasuredMs / Speedup : E.ChangedMs;
  double ProgramGain = 1 / (1 - K.ShareOfProfile * (1 - 1 / Speedup));
  const StallLine *Line = adviceLine(K, E.Id);
  OS << "<tr><td class=\"num\">" << Rank << "</td><td>"
     << adviceLink(E, DocsUri) << "</td><td>"
     << (Line ? escape(loc(Line->Where)) : std::string("the kernel"))
     << "</td><td>" << escape(std::string(whatIfMeasureName(E.Measure)))
     << "</td><td class=\"num\">" << measureText(E.Measure, E.Before)
     << " &rarr; " << measureText(E.Measure, E.After)
     << "</td><td class=\"num\">" << ms(Before) << " &rarr; " << ms(After)
     << (F.MeasuredMs ? "" : " (predicted)") << "</td>"
     << num(formatTimes(Speedup)) << num(formatPercent(K.ShareOfProfile))
     << num(formatTimes(ProgramGain)) << "</tr>\n";
}

/// A table per kernel with advice (docs/advice.md): what each optimization
/// would buy the kernel and the program.
void adviceSection(std::ostream &OS, const Analysis &A,
                   const std::string &DocsUri) {
  std::vector<const KernelReport *> Advised;
  for (const KernelReport &K : A.Report.Kernels)
    if (K.Finding && !K.Finding->Advice.empty())
      Advised.push_back(&K);
  if (Advised.empty())
    return;
  OS << "<section id=\"advice\">\n<h2>Advice</h2>\n<p>What each "
        "optimization would buy, the largest gain first: the Hopper model "
        "runs again on the kernel's work as the optimization would leave it "
        "(docs/advice.md), and the ratio of its two predictions, the "
        "speedup, shortens the kernel's measured time (else its predicted "
        "time). It is made at the hot line given, where the warps' stall "
        "samples show one, else across the kernel. The program's gain is "
        "over its GPU time, of which the kernel has the share given.</p>\n";
  for (std::size_t I = 0; I < Advised.size(); ++I) {
    const KernelReport &K = *Advised[I];
    OS << "<h3 id=\"advice-" << I + 1
       << "\" class=\"advice-kernel\"><span class=\"name\">"
       << breakable(K.ShortName) << "</span></h3>\n"
       << "<div class=\"table-scroll\"><table class=\"advice\">\n<tr>"
          "<th>#</th><th>optimization</th><th>at</th><th>measure</th>"
          "<th>before &rarr; after</th><th>time (ms) &rarr; estimated</th>"
          "<th>speedup</th><th>share of GPU time</th><th>program gain</th>"
          "</tr>\n";
    for (std::size_t R = 0; R < K.Finding->Advice.size(); ++R)
      adviceRow(OS, K, K.Finding->Advice[R], R + 1, DocsUri);
    OS << "</table></div>\n";
  }
  OS << "</section>\n";
}

/// At most this many reasons in a line's cell.
constexpr std::size_t ReasonsPerLine = 3;

/// "long scoreboard 65%, lg throttle 24%": the reasons of \p L with the most
/// samples, with their share of the line's.
std::string reasonsText(const StallLine &L) {
  std::vector<std::pair<std::string, std::uint64_t>> Most(L.Reasons.begin(),
                                                          L.Reasons.end());
  std::stable_sort(Most.begin(), Most.end(), [](const auto &A, const auto &B) {
    return A.second > B.second;
  });
  std::string Out;
  for (std::size_t I = 0; I < Most.size() && I < ReasonsPerLine; ++I) {
    if (Most[I].second == 0)
      break;
    Out += (I ? ", " : "") +
           std::string(stallReasonWords(Most[I].first).Label) + " " +
           formatPercent(double(Most[I].second) /
                         double(std::max<std::uint64_t>(L.Samples, 1)));
  }
  return Out;
}

/// The row of one line (or gap) of a kernel's annotated source; \p Hottest
/// is the largest share of the kernel's lines (the darkest shade).
void sourceRow(std::ostream &OS, const StallLines &S, const SourceRow &R,
               bool WithText, double Hottest) {
  if (R.gap()) {
    OS << "<tr class=\"gap\"><td colspan=\"" << (WithText ? 5 : 4) << "\">"
       << R.Elided << " lines without samples (" << R.Line << "-"
       << R.Line + R.Elided - 1 << ")</td></tr>\n";
    return;
  }
  const StallLine *L = R.Sampled ? &S.Lines[*R.Sampled] : nullptr;
  OS << "<tr";
  if (R.Hot)
    OS << " class=\"hot\"";
  if (L)
    OS << " style=\"background-color: rgba(192, 57, 43, "
       << formatFixed(0.06 + 0.44 * L->Share / std::max(Hottest, 1e-9), 2)
       << ")\"";
  OS << "><th scope=\"row\" class=\"num\">" << R.Line << "</th>";
  if (L)
    OS << "<td class=\"share\"><span class=\"track\" aria-hidden=\"true\">"
       << "<span class=\"bar\" style=\"width: "
       << formatFixed(100 * L->Share, 1) << "%\"></span></span>"
       << formatPercent(L->Share) << "</td><td class=\"num\">"
       << formatGrouped(double(L->Samples)) << "</td><td class=\"reasons\">"
       << escape(reasonsText(*L)) << "</td>";
  else
    OS << "<td></td><td></td><td></td>";
  if (WithText)
    OS << "<td class=\"code\">" << escape(R.Text) << "</td>";
  OS << "</tr>\n";
}

/// One file of a kernel's annotated source: its lines with their samples,
/// or, where its text could not be had, its sampled lines and why.
void sourceTable(std::ostream &OS, const StallLines &S,
                 const AnnotatedFile &F) {
  bool WithText = F.Problem == SourceProblem::None;
  if (F.Problem == SourceProblem::Unreadable)
    OS << "<p class=\"unread\">The source is not shown: cannot read <code>"
       << breakable(F.Path) << "</code>: " << escape(printable(F.Error))
       << ".</p>\n";
  else if (F.Problem == SourceProblem::TooShort)
    OS << "<p class=\"unread\">The source is not shown: <code>"
       << breakable(F.Path) << "</code> has " << F.FileLines
       << " lines, but the samples name line " << F.LastLine
       << " (the file changed since the profile was recorded).</p>\n";
  double Hottest = 0;
  for (const StallLine &L : S.Lines)
    Hottest = std::max(Hottest, L.Share);
  OS << "<div class=\"table-scroll\"><table class=\"source\">\n<caption>"
     << "<code>" << breakable(F.File) << "</code>: " << formatPercent(F.Share)
     << " of the kernel's samples</caption>\n"
     << "<thead><tr><th scope=\"col\">line</th><th scope=\"col\">share</th>"
        "<th scope=\"col\">samples</th><th scope=\"col\">top stall "
        "reasons</th>"
     << (WithText ? "<th scope=\"col\">source</th>" : "")
     << "</tr></thead>\n<tbody>\n";
  for (const SourceRow &R : F.Rows)
    sourceRow(OS, S, R, WithText, Hottest);
  OS << "</tbody></table></div>\n";
}

/// The annotated source of the \p Index th kernel with stall samples.
void kernelSource(std::ostream &OS, const Analysis &A, const KernelReport &K,
                  std::size_t Index) {
  const StallLines &S = *K.Stalls;
  OS << "<h3 id=\"source-" << Index
     << "\" class=\"source-kernel\"><span class=\"name\">"
     << breakable(K.ShortName) << "</span></h3>\n<p>"
     << formatGrouped(double(S.Samples)) << " samples of " << S.Launches
     << (S.Launches == 1 ? " sampled launch" : " sampled launches");
  if (!S.Dominant.empty())
    OS << ", most often "
       << escape(std::string(stallReasonWords(S.Dominant).Label));
  if (S.Unresolved)
    OS << "; " << formatGrouped(double(S.Unresolved->Samples)) << " ("
       << formatPercent(S.Unresolved->Share)
       << ") at instructions without a source line";
  if (S.Dropped)
    OS << "; " << formatGrouped(double(S.Dropped)) << " lost";
  OS << ".</p>\n";
  std::vector<AnnotatedFile> Files =
      annotateSource(S, A.SourceRoot, K.Definition);
  if (Files.empty())
    OS << "<p class=\"unread\">None of its samples has a source line.</p>\n";
  for (const AnnotatedFile &F : Files)
    sourceTable(OS, S, F);
}

/// The kernels with warp-stall samples, in the page's order: the I th has
/// the annotated source of id "source-<I + 1>".
std::vector<const KernelReport *> sampledKernels(const Analysis &A) {
  std::vector<const KernelReport *> Sampled;
  for (const KernelReport &K : A.Report.Kernels)
    if (K.Stalls)
      Sampled.push_back(&K);
  return Sampled;
}

/// The annotated source of each kernel with warp-stall samples, the first
/// DetailedKernels of them (as Nsight Compute's Source page shows them).
void sourceSection(std::ostream &OS, const Analysis &A) {
  std::vector<const KernelReport *> Sampled = sampledKernels(A);
  if (Sampled.empty())
    return;
  OS << "<section id=\"source\">\n<h2>Where the warps stall</h2>\n<p>Each "
        "kernel with warp-stall samples (CUPTI's PC sampling: each sample "
        "is one warp's state at one instruction), its source from its "
        "definition to its last sampled line: each line's share of the "
        "kernel's samples (the shade and the bar), its samples and its most "
        "frequent stall reasons (docs/diagnostics.md#stall-reasons). The hot "
        "lines, those with a note in the diagnostics, are bold; stretches "
        "without samples are elided.</p>\n";
  for (std::size_t I = 0; I < Sampled.size(); ++I) {
    if (I == DetailedKernels) {
      OS << "<p>" << (Sampled.size() - DetailedKernels)
         << " more kernels with samples: see <code>headroom report --format "
            "json</code> (<code>stall_lines</code>).</p>\n";
      break;
    }
    kernelSource(OS, A, *Sampled[I], I + 1);
  }
  OS << "</section>\n";
}

/// Each kernel's full diagnostic, the first DetailedKernels of them, the
/// first three open; those of the kernels launched outside instrumented
/// code under a heading of their own.
void diagnosticsSection(std::ostream &OS, const Analysis &A) {
  OS << "<section id=\"diagnostics\">\n<h2>Diagnostics</h2>\n";
  std::size_t Shown = 0;
  for (const Diagnostic &Dg : A.Diagnostics) {
    if (isInputProblem(Dg))
      continue;
    if (isOutsideHeading(Dg)) {
      OS << "<h3 id=\"outside\">Kernels launched outside the instrumented "
            "code</h3>\n<p>"
         << escape(Dg.Message) << "</p>\n";
      continue;
    }
    if (Shown++ == DetailedKernels) {
      // Grouping by call, one diagnostic stands for a call's kernels.
      std::size_t More = 0;
      for (const Diagnostic &Rest : A.Diagnostics)
        More += !isInputProblem(Rest) && !isOutsideHeading(Rest);
      OS << "<p>" << (More - DetailedKernels)
         << " more diagnostics: see <code>headroom report --format "
            "text</code>.</p>\n";
      break;
    }
    OS << "<details" << (Shown <= 3 ? " open" : "") << "><summary>"
       << escape(subjectOf(A, Dg)) << " <span class=\"check\">["
       << escape(Dg.Check) << "]</span></summary>\n";
    diagnosticHtml(OS, Dg);
    OS << "</details>\n";
  }
  OS << "</section>\n";
}

} // namespace

std::string kernelSourceId(const Analysis &A, const std::string &Kernel) {
  std::vector<const KernelReport *> Sampled = sampledKernels(A);
  for (std::size_t I = 0; I < Sampled.size() && I < DetailedKernels; ++I)
    if (Sampled[I]->Kernel == Kernel)
      return "source-" + std::to_string(I + 1);
  return "";
}

void writeHtmlReport(std::ostream &OS, const Analysis &A,
                     const std::string &ToolVersion,
                     const std::string &DocsUri) {
  pageHeader(OS, A);
  // Problems with the inputs come first.
  inputProblemsSection(OS, A);
  chartSections(OS, A);
  tableSections(OS, A);
  adviceSection(OS, A, DocsUri);
  sourceSection(OS, A);
  diagnosticsSection(OS, A);
  OS << "<footer>Generated by headroom " << escape(ToolVersion)
     << ". Check names are documented in docs/diagnostics.md.</footer>\n"
     << "</body>\n</html>\n";
}

} // namespace headroom
