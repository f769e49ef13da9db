//===- Svg.h - A small SVG writer for charts --------------------*- C++ -*-===//
///
/// \file
/// What the chart views share: the <svg> element itself, XML escaping,
/// numbers as SVG writes them, logarithmic axes that map data to pixels and
/// draw their decades with labels, a plot area that clips what is drawn in
/// it, and the palette kernels are drawn in. The output is plain SVG 1.1
/// inline in HTML, styled by attributes so it renders without CSS or script.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_SUPPORT_SVG_H
#define HEADROOM_SUPPORT_SVG_H

#include <string>
#include <vector>

namespace headroom::svg {

/// \p Text with &, <, >, " and ' escaped for XML text and attributes.
std::string escape(const std::string &Text);

/// A coordinate or length with one decimal: "123.4".
std::string num(double V);

/// A tick label for a power of ten: "0.01", "1", "100", "10k", "1M".
std::string decadeLabel(double V);

/// The color of the \p Index-th highlighted kernel (cycles through 8).
const char *kernelColor(std::size_t Index);

/// A logarithmic axis from data range [Lo, Hi] (widened to whole decades)
/// to pixels [PixelLo, PixelHi] (PixelHi may be smaller, for y).
class LogAxis {
public:
  LogAxis(double Lo, double Hi, double PixelLo, double PixelHi);

  double lo() const { return Lo; }
  double hi() const { return Hi; }
  /// The pixel of \p V, clamped to the axis.
  double map(double V) const;
  bool contains(double V) const { return V >= Lo && V <= Hi; }
  /// The powers of ten from lo() to hi().
  std::vector<double> decades() const;

private:
  double Lo, Hi, PixelLo, PixelHi;
};

/// The bounds of a plot: the x and y axes and the frame they span.
struct Plot {
  LogAxis X, Y;
  double Left, Top, Right, Bottom;
};

/// The opening tag of a chart: an <svg> element of class "chart \p Class",
/// \p Width x \p Height pixels, sans-serif, described for screen readers
/// by \p Label (escaped here).
std::string open(const std::string &Class, double Width, double Height,
                 const std::string &Label);

/// A clip path named \p Id over \p P's frame, and the opening <g> that
/// draws inside it (close it with "</g>").
std::string beginClip(const std::string &Id, const Plot &P);

/// Draws \p P's frame, decade grid lines, tick labels and axis titles.
std::string axes(const Plot &P, const std::string &XTitle,
                 const std::string &YTitle);

/// A <line> element.
std::string line(double X1, double Y1, double X2, double Y2,
                 const std::string &Stroke, double Width,
                 const std::string &Dash = "");

/// A <text> element; \p Anchor is "start", "middle" or "end".
std::string text(double X, double Y, const std::string &Content,
                 const std::string &Anchor = "start", int Size = 12,
                 const std::string &Fill = "#222",
                 const std::string &Extra = "");

} // namespace headroom::svg

#endif // HEADROOM_SUPPORT_SVG_H
