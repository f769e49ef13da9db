//===- Svg.cpp - A small SVG writer for charts ----------------------------===//

#include "support/Svg.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace headroom::svg {

std::string escape(const std::string &Text) {
  std::string Out;
  Out.reserve(Text.size());
  for (char C : Text) {
    switch (C) {
    case '&':
      Out += "&amp;";
      break;
    case '<':
      Out += "&lt;";
      break;
    case '>':
      Out += "&gt;";
      break;
    case '"':
      Out += "&quot;";
      break;
    case '\'':
      Out += "&#39;";
      break;
    default:
      Out += C;
    }
  }
  return Out;
}

std::string num(double V) {
  char Buffer[32];
  std::snprintf(Buffer, sizeof(Buffer), "%.1f", V);
  return Buffer;
}

std::string decadeLabel(double V) {
  int E = static_cast<int>(std::lround(std::log10(V)));
  if (E < 0) {
    std::string S = "0.";
    for (int I = -1; I > E; --I)
      S += '0';
    return S + "1";
  }
  static const char *Suffix[] = {"", "k", "M", "G", "T"};
  int Group = std::min(E / 3, 4);
  std::string S = "1";
  for (int I = 0; I < E - 3 * Group; ++I)
    S += '0';
  return S + Suffix[Group];
}

const char *kernelColor(std::size_t Index) {
  static const char *Palette[] = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd",
                                  "#ff7f0e", "#8c564b", "#e377c2", "#17becf"};
  return Palette[Index % 8];
}

LogAxis::LogAxis(double L, double H, double PL, double PH)
    : PixelLo(PL), PixelHi(PH) {
  if (!(L > 0) || !std::isfinite(L))
    L = 1;
  if (!(H > L) || !std::isfinite(H))
    H = L * 10;
  Lo = std::pow(10, std::floor(std::log10(L)));
  Hi = std::pow(10, std::ceil(std::log10(H)));
  if (Hi <= Lo)
    Hi = Lo * 10;
}

double LogAxis::map(double V) const {
  if (!(V > 0))
    V = Lo;
  double T =
      (std::log10(V) - std::log10(Lo)) / (std::log10(Hi) - std::log10(Lo));
  T = std::clamp(T, 0.0, 1.0);
  return PixelLo + T * (PixelHi - PixelLo);
}

std::vector<double> LogAxis::decades() const {
  std::vector<double> Out;
  int From = static_cast<int>(std::lround(std::log10(Lo)));
  int To = static_cast<int>(std::lround(std::log10(Hi)));
  for (int E = From; E <= To; ++E)
    Out.push_back(std::pow(10, E));
  return Out;
}

std::string line(double X1, double Y1, double X2, double Y2,
                 const std::string &Stroke, double Width,
                 const std::string &Dash) {
  std::string S = "<line x1=\"" + num(X1) + "\" y1=\"" + num(Y1) + "\" x2=\"" +
                  num(X2) + "\" y2=\"" + num(Y2) + "\" stroke=\"" + Stroke +
                  "\" stroke-width=\"" + num(Width) + "\"";
  if (!Dash.empty())
    S += " stroke-dasharray=\"" + Dash + "\"";
  return S + "/>\n";
}

std::string text(double X, double Y, const std::string &Content,
                 const std::string &Anchor, int Size, const std::string &Fill,
                 const std::string &Extra) {
  return "<text x=\"" + num(X) + "\" y=\"" + num(Y) + "\" text-anchor=\"" +
         Anchor + "\" font-size=\"" + std::to_string(Size) + "\" fill=\"" +
         Fill + "\"" + (Extra.empty() ? "" : " " + Extra) + ">" +
         escape(Content) + "</text>\n";
}

std::string open(const std::string &Class, double Width, double Height,
                 const std::string &Label) {
  return "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"chart " + Class +
         "\" width=\"" + num(Width) + "\" height=\"" + num(Height) +
         "\" viewBox=\"0 0 " + num(Width) + " " + num(Height) +
         "\" font-family=\"sans-serif\" role=\"img\" aria-label=\"" +
         escape(Label) + "\">\n";
}

std::string beginClip(const std::string &Id, const Plot &P) {
  return "<defs><clipPath id=\"" + Id + "\"><rect x=\"" + num(P.Left) +
         "\" y=\"" + num(P.Top) + "\" width=\"" + num(P.Right - P.Left) +
         "\" height=\"" + num(P.Bottom - P.Top) +
         "\"/></clipPath></defs>\n<g clip-path=\"url(#" + Id + ")\">\n";
}

std::string axes(const Plot &P, const std::string &XTitle,
                 const std::string &YTitle) {
  std::string S = "<g class=\"axes\" font-family=\"sans-serif\">\n";
  S += "<rect x=\"" + num(P.Left) + "\" y=\"" + num(P.Top) + "\" width=\"" +
       num(P.Right - P.Left) + "\" height=\"" + num(P.Bottom - P.Top) +
       "\" fill=\"#fff\" stroke=\"#444\"/>\n";
  for (double V : P.X.decades()) {
    double X = P.X.map(V);
    S += line(X, P.Top, X, P.Bottom, "#e3e3e3", 1);
    S += text(X, P.Bottom + 16, decadeLabel(V), "middle", 11, "#333");
    // Minor ticks at 2..9 x V.
    if (V < P.X.hi())
      for (int M = 2; M <= 9; ++M)
        S += line(P.X.map(V * M), P.Bottom, P.X.map(V * M), P.Bottom - 4,
                  "#888", 1);
  }
  for (double V : P.Y.decades()) {
    double Y = P.Y.map(V);
    S += line(P.Left, Y, P.Right, Y, "#e3e3e3", 1);
    S += text(P.Left - 6, Y + 4, decadeLabel(V), "end", 11, "#333");
    if (V < P.Y.hi())
      for (int M = 2; M <= 9; ++M)
        S +=
            line(P.Left, P.Y.map(V * M), P.Left + 4, P.Y.map(V * M), "#888", 1);
  }
  S +=
      text((P.Left + P.Right) / 2, P.Bottom + 38, XTitle, "middle", 13, "#111");
  double YMid = (P.Top + P.Bottom) / 2;
  S += text(P.Left - 52, YMid, YTitle, "middle", 13, "#111",
            "transform=\"rotate(-90 " + num(P.Left - 52) + " " + num(YMid) +
                ")\"");
  return S + "</g>\n";
}

} // namespace headroom::svg
