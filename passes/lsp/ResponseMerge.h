//===- ResponseMerge.h - Headroom's part of clangd's answers ----*- C++ -*-===//
///
/// \file
/// Where the proxy adds to what clangd answers: Headroom's numbers after
/// clangd's hover text, its code actions after clangd's, and its code lens
/// and command in the capabilities clangd announces. clangd's part always
/// stays as it was, first.
///
//===----------------------------------------------------------------------===//
#ifndef HEADROOM_LSP_RESPONSEMERGE_H
#define HEADROOM_LSP_RESPONSEMERGE_H

#include "lsp/Positions.h"

#include <nlohmann/json.hpp>

#include <optional>
#include <string>

namespace headroom::lsp {

/// clangd's hover result \p Result (null when it had none) with \p Markdown
/// after a rule.
nlohmann::json addToHover(const nlohmann::json &Result,
                          const std::string &Markdown);

/// clangd's code actions \p Result (null or an array) followed by \p Ours.
nlohmann::json addToCodeActions(const nlohmann::json &Result,
                                const nlohmann::json &Ours);

/// clangd's initialize result with Headroom's code lens provider and its
/// command added.
nlohmann::json addCapabilities(const nlohmann::json &Result,
                               const std::string &Command);

/// The position encoding clangd chose in its initialize result (LSP 3.17
/// positionEncoding, or clangd's offsetEncoding); UTF-16 when neither.
PositionEncoding negotiatedEncoding(const nlohmann::json &Result);

} // namespace headroom::lsp

#endif // HEADROOM_LSP_RESPONSEMERGE_H
