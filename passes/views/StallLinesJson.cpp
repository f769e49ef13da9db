//===- StallLinesJson.cpp - A kernel's stall samples as JSON --------------===//

#include "views/StallLinesJson.h"

namespace headroom {

namespace {

using nlohmann::ordered_json;

ordered_json reasonsJson(const StallCounts &Reasons) {
  ordered_json J = ordered_json::object();
  for (const auto &[Reason, Count] : Reasons)
    J[Reason] = Count;
  return J;
}

ordered_json loopJson(const StallLoop &L) {
  ordered_json J;
  J["first_line"] = L.FirstLine;
  J["last_line"] = L.LastLine;
  J["function"] = L.Function;
  J["first_offset"] = L.FirstOffset;
  J["last_offset"] = L.LastOffset;
  return J;
}

ordered_json waitJson(const StallWait &W) {
  ordered_json J;
  J["function"] = W.Function;
  J["offset"] = W.Offset;
  J["opcode"] = W.Opcode;
  J["kind"] = codeRoleName(W.Kind);
  J["reason"] = W.Reason;
  J["samples"] = W.Samples;
  if (W.Where.File.empty()) {
    J["file"] = nullptr;
    J["line"] = nullptr;
  } else {
    J["file"] = W.Where.File;
    J["line"] = W.Where.Line;
  }
  J["line_from"] = W.Where.File.empty() ? "none"
                   : W.FromListing      ? "listing"
                   : W.Nearby           ? "block"
                                        : "samples";
  J["address_from"] =
      W.AddressFrom ? ordered_json(*W.AddressFrom) : ordered_json();
  J["chain_loads"] = W.ChainLoads;
  J["load_chain"] = W.loadChain();
  return J;
}

ordered_json callSiteJson(const StallCallSite &C) {
  ordered_json J;
  J["file"] = C.File;
  J["line"] = C.Line;
  J["same_file"] = C.SameFile;
  J["samples"] = C.Samples;
  return J;
}

ordered_json lineJson(const StallLine &L) {
  ordered_json J;
  if (L.resolved()) {
    J["file"] = L.Where.File;
    J["line"] = L.Where.Line;
    J["column"] = L.Where.Column;
  }
  J["samples"] = L.Samples;
  J["share"] = L.Share;
  J["dominant"] = L.Dominant;
  J["reasons"] = reasonsJson(L.Reasons);
  J["loop"] = L.Loop ? loopJson(*L.Loop) : ordered_json();
  J["waits_on"] = L.WaitsOn ? waitJson(*L.WaitsOn) : ordered_json();
  J["inlined_at"] = L.InlinedAt ? callSiteJson(*L.InlinedAt) : ordered_json();
  return J;
}

} // namespace

ordered_json stallLinesToJson(const StallLines &S) {
  ordered_json J;
  J["samples"] = S.Samples;
  J["launches"] = S.Launches;
  J["period"] = S.Period;
  J["dropped"] = S.Dropped;
  J["dominant"] = S.Dominant;
  J["reasons"] = reasonsJson(S.Reasons);
  ordered_json Lines = ordered_json::array();
  for (const StallLine &L : S.Lines)
    Lines.push_back(lineJson(L));
  J["lines"] = std::move(Lines);
  J["hot"] = S.Hot;
  J["unresolved"] = S.Unresolved ? lineJson(*S.Unresolved) : ordered_json();
  return J;
}

} // namespace headroom
