//===- View.h - One output format of one document ---------------*- C++ -*-===//
///
/// \file
/// Every output format is a view: a small class that writes one kind of
/// document (a report's analysis, a lint result, a prediction set, the
/// device list) in one format, found by the name `--format` gives. A
/// command asks findView() for the view of its document and format and
/// hands it the document; nothing else about formats lives in tool/.
/// docs/architecture.md says how to add one.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_VIEWS_VIEW_H
#define HEADROOM_VIEWS_VIEW_H

#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace headroom {

/// What a view may need besides its document.
struct ViewOptions {
  /// Color text diagnostics (clang's colors).
  bool Color = false;
  /// The command the output is of ("headroom report"): what a text
  /// diagnostic without a location starts with, as the tool's own error
  /// lines do.
  std::string Program = "headroom";
  /// The tool's version, for SARIF and the HTML footer.
  std::string ToolVersion;
  /// List every item after the summary (validate --kernels).
  bool Detailed = false;
  /// Where the docs are (a URI, no trailing slash): SARIF rules link
  /// <DocsUri>/diagnostics.md#<check>, the HTML report's advice
  /// <DocsUri>/advice.md#<key>; empty for no links.
  std::string DocsUri;
  /// The directory the profile's relative source paths are relative to
  /// (--source-root): SARIF's %SRCROOT%, and how the HTML shows paths.
  std::string SourceRoot = ".";
};

/// One format of documents of type Document.
template <typename Document> class View {
public:
  virtual ~View() = default;
  /// The name `--format` gives, e.g. "json".
  virtual std::string_view format() const = 0;
  virtual void write(std::ostream &OS, const Document &Doc,
                     const ViewOptions &Options) const = 0;
};

/// The view named \p Format among \p Views, or null.
template <typename Document>
const View<Document> *findView(const std::vector<const View<Document> *> &Views,
                               std::string_view Format) {
  for (const View<Document> *V : Views)
    if (V->format() == Format)
      return V;
  return nullptr;
}

/// The formats of \p Views as a message lists them: "text, json or csv".
template <typename Document>
std::string formatList(const std::vector<const View<Document> *> &Views) {
  std::string List;
  for (std::size_t I = 0; I < Views.size(); ++I)
    List += std::string(I == 0                  ? ""
                        : I + 1 == Views.size() ? " or "
                                                : ", ") +
            std::string(Views[I]->format());
  return List;
}

} // namespace headroom

#endif // HEADROOM_VIEWS_VIEW_H
