//===- RooflineSvg.cpp - The roofline chart as SVG ------------------------===//

#include "views/RooflineSvg.h"

#include "checks/Vocabulary.h"

#include "model/MemoryLevels.h"
#include "support/Quantities.h"
#include "support/Svg.h"
#include "views/Charts.h"

#include <algorithm>
#include <cmath>

namespace headroom {

namespace {

using namespace svg;

constexpr double Width = 920, Height = 560;
constexpr double Left = 84, Top = 40, Right = 650, Bottom = 480;

/// One kernel as the chart draws it.
struct Point {
  const KernelReport *K = nullptr;
  double Intensity = 0, Attainable = 0, Ceiling = 0, Ridge = 0;
  std::optional<double> Achieved, L2Intensity, SharedIntensity;
};

/// A roof of slope Bandwidth (bytes/s) drawn from the left edge up to the
/// highest compute peak.
struct Roof {
  std::string Label;
  double Bandwidth;
  const char *Color;
  const char *Dash;
};

/// How a level's roof is drawn: its label, color and dash.
Roof roofStyle(const MemoryRoof &R) {
  switch (R.Level) {
  case MemoryLevel::Dram:
    return {"DRAM " + formatBandwidth(R.GBps), R.GBps, "#222", ""};
  case MemoryLevel::L2:
    return {"L2 " + formatBandwidth(R.GBps), R.GBps, "#666", "7 4"};
  case MemoryLevel::Shared:
    return {"shared " + formatBandwidth(R.GBps), R.GBps, "#999", "2 3"};
  }
  return {"", R.GBps, "#222", ""};
}

std::string title(const std::string &Text) {
  return "<title>" + escape(Text) + "</title>";
}

std::string circle(double X, double Y, double R, const std::string &Fill,
                   const std::string &Stroke, const std::string &Tip) {
  return "<circle cx=\"" + num(X) + "\" cy=\"" + num(Y) + "\" r=\"" + num(R) +
         "\" fill=\"" + Fill + "\" stroke=\"" + Stroke +
         "\" stroke-width=\"1.5\">" + title(Tip) + "</circle>\n";
}

std::string triangle(double X, double Y, const std::string &Color,
                     const std::string &Tip) {
  return "<polygon points=\"" + num(X) + "," + num(Y - 6) + " " + num(X - 5.5) +
         "," + num(Y + 4.5) + " " + num(X + 5.5) + "," + num(Y + 4.5) +
         "\" fill=\"" + Color + "\" stroke=\"#fff\" stroke-width=\"0.8\">" +
         title(Tip) + "</polygon>\n";
}

std::string square(double X, double Y, const std::string &Color,
                   const std::string &Tip) {
  return "<rect x=\"" + num(X - 4.5) + "\" y=\"" + num(Y - 4.5) +
         "\" width=\"9\" height=\"9\" fill=\"" + Color +
         "\" stroke=\"#fff\" stroke-width=\"0.8\">" + title(Tip) + "</rect>\n";
}

std::string shortName(const std::string &Name, std::size_t Max = 26) {
  if (Name.size() <= Max)
    return Name;
  return Name.substr(0, Max - 3) + "...";
}

/// The kernels that have a prediction, most GPU time first, with the
/// intensities and throughputs the chart places them at.
std::vector<Point> chartPoints(const Analysis &A) {
  std::vector<Point> Points;
  for (const KernelReport &K : A.Report.Kernels) {
    if (!K.Finding || !K.Finding->Chart)
      continue;
    const Prediction &P = K.Finding->Chart->Here;
    Point Pt;
    Pt.K = &K;
    Pt.Intensity = P.OKrn;
    Pt.Attainable = P.AttainableGops;
    Pt.Ceiling = P.TOpEff;
    Pt.Ridge = P.ODev;
    Pt.Achieved = P.achievedGops();
    const LevelIntensities &Levels = K.Finding->Chart->Levels;
    Pt.L2Intensity = Levels.L2;
    Pt.SharedIntensity = Levels.Shared;
    Points.push_back(Pt);
  }
  return Points;
}

/// The plot's axes: every point, every ridge, one decade of air.
Plot plotArea(const std::vector<Point> &Points, const DeviceParameters &D,
              double TopPeak) {
  double XLo = INFINITY, XHi = 0, YLo = INFINITY;
  auto X = [&](double V) {
    if (V > 0 && std::isfinite(V)) {
      XLo = std::min(XLo, V);
      XHi = std::max(XHi, V);
    }
  };
  auto Y = [&](double V) {
    if (V > 0 && std::isfinite(V))
      YLo = std::min(YLo, V);
  };
  for (const Point &Pt : Points) {
    X(Pt.Intensity);
    X(Pt.Ridge);
    if (Pt.L2Intensity)
      X(*Pt.L2Intensity);
    if (Pt.SharedIntensity)
      X(*Pt.SharedIntensity);
    Y(Pt.Attainable);
    if (Pt.Achieved)
      Y(*Pt.Achieved);
  }
  X(TopPeak / D.BMem);
  if (!std::isfinite(XLo)) {
    XLo = 0.1;
    XHi = 100;
  }
  return Plot{LogAxis(XLo / 3, XHi * 3, Left, Right),
              LogAxis(std::isfinite(YLo) ? YLo / 3 : TopPeak / 1e4,
                      TopPeak * 1.3, Bottom, Top),
              Left,
              Top,
              Right,
              Bottom};
}

/// The title and the axes, whose units say FLOP, IOP or operations as the
/// kernels are floating-point, integer or both.
std::string titleAndAxes(const std::vector<Point> &Points, const Plot &P,
                         const DeviceParameters &D) {
  std::string S = text(Left, 22, "Roofline of " + D.Name + " (log-log)",
                       "start", 15, "#111", "font-weight=\"bold\"");
  bool AnyInt = false, AnyFp = false;
  for (const Point &Pt : Points)
    (Pt.K->Finding->Chart->Here.Type == KernelType::Int ? AnyInt : AnyFp) =
        true;
  std::string OpName =
      AnyInt && AnyFp ? "operations" : (AnyInt ? "IOP" : "FLOP");
  S += axes(P,
            "operational intensity (" + OpName +
                " per byte of DRAM; L2 and shared points: per byte there)",
            "throughput (G" + std::string(AnyInt && AnyFp ? "op" : OpName) +
                "/s)");
  return S;
}

/// The compute peaks: one line each, close values share a label.
std::string computePeaks(const RooflineChart &Chart, const Plot &P,
                         const DeviceParameters &D) {
  std::string S;
  std::vector<std::pair<double, std::string>> PeakLabels;
  for (const RooflineCeiling &C : Chart.Peaks) {
    double X0 = std::max(P.X.lo(), C.Gops / D.BMem);
    S += "<g class=\"ceiling\">" +
         line(P.X.map(X0), P.Y.map(C.Gops), Right, P.Y.map(C.Gops), "#555", 1.2,
              "5 3") +
         "</g>\n";
    std::string Unit = C.Label == "T_SP" || C.Label == "T_DP" ? "FLOP" : "IOP";
    std::string Label = C.Label + " " + formatRate(C.Gops, Unit.c_str());
    if (!PeakLabels.empty() && PeakLabels.back().first / C.Gops < 1.15)
      PeakLabels.back().second += ", " + Label;
    else
      PeakLabels.push_back({C.Gops, Label});
  }
  for (const auto &[Gops, Label] : PeakLabels)
    S += text(Right - 6, P.Y.map(Gops) - 5, Label, "end", 11, "#333");
  return S;
}

/// The bandwidth roofs of the memory levels, up to the highest peak.
std::string bandwidthRoofs(const DeviceParameters &D, const Plot &P,
                           double TopPeak) {
  std::string S;
  for (const MemoryRoof &Level : memoryRoofs(D)) {
    Roof R = roofStyle(Level);
    double X0 = std::max(P.X.lo(), P.Y.lo() / R.Bandwidth);
    double X1 = std::min(P.X.hi(), TopPeak / R.Bandwidth);
    if (!(X0 < X1))
      continue;
    double PX0 = P.X.map(X0), PY0 = P.Y.map(X0 * R.Bandwidth),
           PX1 = P.X.map(X1), PY1 = P.Y.map(X1 * R.Bandwidth);
    S += "<g class=\"roof\">" +
         line(PX0, PY0, PX1, PY1, R.Color, R.Dash[0] ? 1.6 : 2.2, R.Dash) +
         "</g>\n";
    double Angle = std::atan2(PY1 - PY0, PX1 - PX0) * 180 / M_PI;
    double LX = PX0 + 0.55 * (PX1 - PX0), LY = PY0 + 0.55 * (PY1 - PY0);
    S += text(LX, LY - 6, R.Label, "middle", 11, R.Color,
              "transform=\"rotate(" + num(Angle) + " " + num(LX) + " " +
                  num(LY) + ")\"");
  }
  return S;
}

/// The x coordinate of a kernel: the right edge for an infinite intensity.
double kernelX(const Point &Pt, const Plot &P) {
  return P.X.map(std::isinf(Pt.Intensity) ? P.X.hi() : Pt.Intensity);
}

/// The kernels after the highlighted ones: small gray points, underneath.
std::string otherKernels(const std::vector<Point> &Points, const Plot &P) {
  std::string S;
  for (std::size_t I = HighlightedKernels; I < Points.size(); ++I) {
    const Point &Pt = Points[I];
    double YV = Pt.Achieved.value_or(Pt.Attainable);
    S += circle(kernelX(Pt, P), P.Y.map(YV), 2.5, "#aaa", "none",
                Pt.K->ShortName);
  }
  return S;
}

/// The achieved point of a measured kernel, joined to its attainable point
/// and to its points per L2 and per shared-memory byte.
std::string achievedMarks(const Point &Pt, const Plot &P,
                          const std::string &Color) {
  const char *Unit = opUnit(Pt.K->Finding->Chart->Here.Type);
  double PX = kernelX(Pt, P);
  std::string S = line(PX, P.Y.map(Pt.Attainable), PX, P.Y.map(*Pt.Achieved),
                       Color, 1.2, "2 2");
  for (auto [Other, IsL2] : {std::pair{Pt.L2Intensity, true},
                             std::pair{Pt.SharedIntensity, false}}) {
    if (!Other)
      continue;
    double OX = P.X.map(*Other), OY = P.Y.map(*Pt.Achieved);
    S += line(PX, OY, OX, OY, Color, 0.8, "1 2");
    std::string Tip = Pt.K->ShortName + ": " + formatIntensity(*Other) + " " +
                      Unit + " per " + (IsL2 ? "L2" : "shared-memory") +
                      " byte";
    S += IsL2 ? triangle(OX, OY, Color, Tip) : square(OX, OY, Color, Tip);
  }
  S += circle(PX, P.Y.map(*Pt.Achieved), 5, Color, "#fff",
              Pt.K->ShortName + ": achieved " + formatRate(*Pt.Achieved, Unit) +
                  " at O_krn " + formatIntensity(Pt.Intensity));
  return S;
}

/// One highlighted kernel (the \p Index th): its ceiling, the gap from
/// attainable to achieved, and its points.
std::string highlightedKernel(const Point &Pt, std::size_t Index,
                              const Plot &P) {
  std::string Color = kernelColor(Index);
  const KernelFinding &F = *Pt.K->Finding;
  const char *Unit = opUnit(F.Chart->Here.Type);
  double PX = kernelX(Pt, P);
  std::string S =
      "<g class=\"kernel\" data-kernel=\"" + escape(Pt.K->ShortName) + "\">\n";
  S += line(P.X.map(std::max(P.X.lo(), Pt.Ridge)), P.Y.map(Pt.Ceiling), Right,
            P.Y.map(Pt.Ceiling), Color, 1.3, "6 3");
  if (Pt.Achieved)
    S += achievedMarks(Pt, P, Color);
  S += circle(PX, P.Y.map(Pt.Attainable), 6, "none", Color,
              Pt.K->ShortName + ": attainable " +
                  formatRate(Pt.Attainable, Unit) + " (" +
                  std::string(regimeName(F.Verdict)) +
                  "-bound), ceiling T'_op " + formatRate(Pt.Ceiling, Unit));
  S += "</g>\n";
  return S;
}

/// The legend's kernels, from the top of the legend at \p LY, which it
/// moves below them.
std::string kernelLegend(const std::vector<Point> &Points, double LX,
                         double &LY) {
  std::string S = text(LX, LY + 4, "kernels (most GPU time first)", "start", 12,
                       "#111", "font-weight=\"bold\"");
  LY += 20;
  for (std::size_t I = 0; I < Points.size() && I < HighlightedKernels; ++I) {
    const Point &Pt = Points[I];
    S += circle(LX + 6, LY, 5, kernelColor(I), "#fff", Pt.K->ShortName);
    std::string Label = shortName(Pt.K->ShortName);
    if (auto H = Pt.K->Finding->headroom())
      Label += "  " + formatTimes(*H);
    S += text(LX + 18, LY + 4, Label, "start", 12, "#222");
    LY += 18;
  }
  if (Points.size() > HighlightedKernels) {
    S += circle(LX + 6, LY, 2.5, "#aaa", "none", "other kernels");
    S += text(LX + 18, LY + 4,
              std::to_string(Points.size() - HighlightedKernels) +
                  " other kernels",
              "start", 12, "#555");
    LY += 18;
  }
  return S;
}

/// The legend's markers from \p LY on, and where the ceilings come from.
std::string markerLegend(const DeviceParameters &D, double LX, double LY) {
  std::string S =
      text(LX, LY + 4, "markers", "start", 12, "#111", "font-weight=\"bold\"");
  LY += 20;
  S += circle(LX + 6, LY, 5, "#555", "#fff", "measured");
  S += text(LX + 18, LY + 4, "measured (achieved)", "start", 12, "#222");
  LY += 18;
  S += circle(LX + 6, LY, 6, "none", "#555", "attainable");
  S += text(LX + 18, LY + 4, "attainable (model)", "start", 12, "#222");
  LY += 18;
  S += line(LX, LY, LX + 14, LY, "#555", 1.3, "6 3");
  S += text(LX + 18, LY + 4, "kernel's ceiling T'_op", "start", 12, "#222");
  LY += 18;
  S += triangle(LX + 6, LY, "#555", "L2");
  S += text(LX + 18, LY + 4, "same, per L2 byte", "start", 12, "#222");
  LY += 18;
  S += square(LX + 6, LY, "#555", "shared");
  S += text(LX + 18, LY + 4, "same, per shared byte", "start", 12, "#222");
  LY += 28;
  S += text(LX, LY, "ceilings measured by", "start", 11, "#555");
  S += text(LX, LY + 14, shortName(D.Origin.Source, 34), "start", 11, "#555");
  return S;
}

/// The legend right of the plot: the kernels, then the markers.
std::string legend(const std::vector<Point> &Points,
                   const DeviceParameters &D) {
  double LX = Right + 18, LY = Top + 6;
  std::string S = "<g class=\"legend\" font-size=\"12\">\n";
  S += kernelLegend(Points, LX, LY);
  S += markerLegend(D, LX, LY + 10);
  S += "</g>\n";
  return S;
}

} // namespace

std::string rooflineSvg(const Analysis &A) {
  const DeviceParameters &D = A.Device.Device;
  std::vector<Point> Points = chartPoints(A);
  if (Points.empty())
    return "";
  RooflineChart Chart = makeRoofline(D, {});
  double TopPeak = Chart.Peaks.front().Gops;
  Plot P = plotArea(Points, D, TopPeak);

  std::string S = open("roofline", Width, Height, "roofline chart");
  S += titleAndAxes(Points, P, D);
  // Clip to the plot area.
  S += beginClip("roofline-plot", P);
  S += computePeaks(Chart, P, D);
  S += bandwidthRoofs(D, P, TopPeak);
  // The other kernels first, underneath.
  S += otherKernels(Points, P);
  for (std::size_t I = 0; I < Points.size() && I < HighlightedKernels; ++I)
    S += highlightedKernel(Points[I], I, P);
  S += "</g>\n";
  S += legend(Points, D);
  S += "</svg>\n";
  return S;
}

} // namespace headroom
