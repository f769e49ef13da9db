//===- KernelDiagnostics.h - Findings as LSP diagnostics --------*- C++ -*-===//
///
/// \file
/// Turns the findings of a profile into what each file shows: LSP
/// `Diagnostic` objects (`source: "headroom"`, the check name as `code`, its
/// section of docs/diagnostics.md as `codeDescription.href`, the build's
/// level and message, `relatedInformation` between a kernel's warning and
/// its launch sites) and the marks that code lens, hover and code actions
/// attach to. Every place is re-anchored in the file's current text
/// (Reanchor.h); places that cannot be found give one
/// `headroom-sites-changed` diagnostic (information) per file instead.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_KERNELDIAGNOSTICS_H
#define HEADROOM_LSP_KERNELDIAGNOSTICS_H

#include "lsp/Findings.h"
#include "lsp/Positions.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace headroom::lsp {

/// A kernel's definition (neither Launch nor Hot), one of its launches or
/// one of the hot lines of its stall samples, where it is now.
struct Mark {
  Range Where;
  std::size_t Kernel = 0;
  std::optional<std::size_t> Launch;
  /// A position in EditorKernel::HotLines.
  std::optional<std::size_t> Hot = std::nullopt;
};

/// What one file shows.
struct FileView {
  /// The URI diagnostics are published under.
  std::string Uri;
  nlohmann::json Diagnostics = nlohmann::json::array();
  std::vector<Mark> Marks;
};

struct ViewContext {
  /// The current text of a file (the editor's, else the disk's); nothing
  /// when it cannot be read.
  std::function<std::optional<std::string>(const std::string &Path)> TextOf;
  /// The URI of a file (the one the editor used when it is open).
  std::function<std::string(const std::string &Path)> UriOf;
  PositionEncoding Encoding = PositionEncoding::UTF16;
  /// The URI of docs/diagnostics.md.
  std::string DocsBase;
  /// What the sites-changed message names as the profile.
  std::string ProfileName;
};

/// The views of every file that \p F has a place in, by absolute path.
std::map<std::string, FileView> viewsOf(const Findings &F,
                                        const ViewContext &C);

/// LSP's severity of a Headroom level: error 1, warning 2, remark and note 3.
int severityOf(DiagnosticLevel L);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_KERNELDIAGNOSTICS_H
