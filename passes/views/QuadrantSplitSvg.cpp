//===- QuadrantSplitSvg.cpp - The quadrant-split chart as SVG -------------===//

#include "views/QuadrantSplitSvg.h"

#include "support/Quantities.h"
#include "support/Svg.h"
#include "views/Charts.h"

#include <algorithm>
#include <cmath>

namespace headroom {

namespace {

using namespace svg;

constexpr double Width = 450, Height = 380;
constexpr double Left = 74, Top = 44, Right = 430, Bottom = 316;

std::string panel(const KernelReport &K, std::size_t Index,
                  const std::string &Profiled) {
  const ChartGeometry &G = *K.Finding->Chart;
  std::vector<Prediction> Predictions = {G.Here};
  Predictions.insert(Predictions.end(), G.Targets.begin(), G.Targets.end());
  QuadrantSplitChart Chart = makeQuadrantSplit(K.Kernel, Predictions);
  double O = Chart.Slope;
  const char *Unit = opUnit(G.Here.Type);

  double XLo = INFINITY, XHi = 0, YLo = INFINITY, YHi = 0;
  for (const QuadrantDevice &Q : Chart.Devices) {
    for (double X : {Q.Bandwidth, Q.AttainableBandwidth})
      if (X > 0) {
        XLo = std::min(XLo, X);
        XHi = std::max(XHi, X);
      }
    for (double Y : {Q.Compute, Q.AttainableCompute})
      if (Y > 0) {
        YLo = std::min(YLo, Y);
        YHi = std::max(YHi, Y);
      }
  }
  Plot P{LogAxis(XLo / 2, XHi * 2, Left, Right),
         LogAxis(YLo / 2, YHi * 2, Bottom, Top),
         Left,
         Top,
         Right,
         Bottom};

  std::string S = open("quadrant-split", Width, Height,
                       "quadrant-split chart of " + K.ShortName);
  std::string Name =
      K.ShortName.size() > 30 ? K.ShortName.substr(0, 27) + "..." : K.ShortName;
  S += text(Left, 18, Name, "start", 14, kernelColor(Index),
            "font-weight=\"bold\"");
  S += text(Left, 34,
            "half-line slope O_krn = " + formatIntensity(O) + " " + Unit +
                "/byte",
            "start", 11, "#444");
  S += axes(P, "DRAM bandwidth B_mem (GB/s)",
            "compute T'_op (G" + std::string(Unit) + "/s)");

  S += beginClip("qs-plot-" + std::to_string(Index), P);
  // The half-line, clipped to the plot, and the memory-bound side above it.
  double X0 = std::max(P.X.lo(), P.Y.lo() / O);
  double X1 = std::min(P.X.hi(), P.Y.hi() / O);
  if (X0 < X1) {
    double PX0 = P.X.map(X0), PY0 = P.Y.map(X0 * O), PX1 = P.X.map(X1),
           PY1 = P.Y.map(X1 * O);
    S += "<polygon class=\"memory-side\" points=\"" + num(PX0) + "," +
         num(PY0) + " " + num(PX1) + "," + num(PY1) + " " + num(PX1) + "," +
         num(Top) + " " + num(Left) + "," + num(Top) + " " + num(Left) + "," +
         num(PY0) + "\" fill=\"#e8f0fb\"/>\n";
    S += "<g class=\"half-line\">" +
         line(PX0, PY0, PX1, PY1, kernelColor(Index), 2.4) + "</g>\n";
  }
  S += text(Left + 8, Top + 16, "memory-bound side", "start", 11, "#3a6ea5");
  S += text(Right - 8, Bottom - 8, "compute-bound side", "end", 11, "#8a5a00");
  for (const QuadrantDevice &Q : Chart.Devices) {
    bool IsProfiled = Q.Device == Profiled;
    std::string Color = IsProfiled ? "#c0392b" : "#333";
    double DX = P.X.map(Q.Bandwidth), DY = P.Y.map(Q.Compute);
    double AX = P.X.map(Q.AttainableBandwidth),
           AY = P.Y.map(Q.AttainableCompute);
    S += "<g class=\"device\" data-device=\"" + escape(Q.Device) + "\">\n";
    S += line(DX, DY, AX, AY, Color, 1.2, "4 3");
    S += "<circle cx=\"" + num(AX) + "\" cy=\"" + num(AY) +
         "\" r=\"3.5\" fill=\"#fff\" stroke=\"" + Color +
         "\" stroke-width=\"1.5\"><title>" +
         escape(Q.Device + ": attainable " +
                formatRate(Q.AttainableCompute, Unit)) +
         "</title></circle>\n";
    S += "<circle cx=\"" + num(DX) + "\" cy=\"" + num(DY) +
         "\" r=\"5\" fill=\"" + Color + "\"><title>" +
         escape(Q.Device + ": B_mem " + formatBandwidth(Q.Bandwidth) +
                ", T'_op " + formatRate(Q.Compute, Unit) + ", " +
                (Q.OnOrAboveLine ? "memory" : "compute") + "-bound") +
         "</title></circle>\n";
    bool LabelLeft = DX > (Left + Right) / 2;
    S += text(DX + (LabelLeft ? -8 : 8), DY - 7,
              Q.Device + (IsProfiled ? " (profiled)" : ""),
              LabelLeft ? "end" : "start", 11, Color);
    S += "</g>\n";
  }
  S += "</g>\n</svg>\n";
  return S;
}

} // namespace

std::vector<std::string> quadrantSplitSvgs(const Analysis &A,
                                           std::size_t MaxPanels) {
  std::vector<std::string> Out;
  std::size_t Index = 0;
  for (const KernelReport &K : A.Report.Kernels) {
    if (!K.Finding || !K.Finding->Chart)
      continue;
    std::size_t Color = Index++;
    if (Out.size() >= MaxPanels)
      break;
    double OKrn = K.Finding->Chart->Here.OKrn;
    if (!(OKrn > 0) || std::isinf(OKrn))
      continue;
    Out.push_back(panel(K, Color, A.Device.Device.Name));
  }
  return Out;
}

} // namespace headroom
