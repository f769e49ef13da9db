//===- HotLineCode.cpp - Hot lines in the kernel's SASS -------------------===//

#include "analysis/HotLineCode.h"

#include "support/Paths.h"

#include <algorithm>
#include <map>
#include <tuple>

namespace headroom {

namespace {

std::uint64_t total(const StallCounts &Counts) {
  std::uint64_t N = 0;
  for (const auto &[Reason, Count] : Counts)
    N = Count > UINT64_MAX - N ? UINT64_MAX : N + Count;
  return N;
}

bool sameLine(const StallPc &Pc, const StallLine &L) {
  return Pc.Where.File == L.Where.File && Pc.Where.Line == L.Where.Line &&
         Pc.Directory == L.Directory;
}

/// The sampled instruction of \p S at \p Function + \p Offset; null when
/// none was sampled.
const StallPc *sampledAt(const StallLines &S, const std::string &Function,
                         std::uint64_t Offset) {
  for (const StallPc &Pc : S.Pcs)
    if (Pc.Function == Function && Pc.Offset == Offset)
      return &Pc;
  return nullptr;
}

std::optional<StallLoop> loopOf(const StallLines &S, const StallLine &L,
                                const KernelCodeIndex &Code) {
  // (function, loop) -> the line's samples in it.
  std::map<std::pair<const FunctionCode *, std::size_t>, std::uint64_t> In;
  for (const StallPc &Pc : S.Pcs) {
    if (!sameLine(Pc, L))
      continue;
    const FunctionCode *F = Code.find(Pc.Function);
    std::optional<std::size_t> I = F ? F->indexOf(Pc.Offset) : std::nullopt;
    if (I && F->Instructions[*I].Loop)
      In[{F, *F->Instructions[*I].Loop}] += total(Pc.Reasons);
  }
  if (In.empty())
    return std::nullopt;
  auto Most =
      std::max_element(In.begin(), In.end(), [](const auto &A, const auto &B) {
        return A.second < B.second;
      });
  const auto &[F, Index] = Most->first;
  const CodeLoop &Loop = F->Loops[Index];
  StallLoop Out;
  Out.Function = F->Name;
  Out.FirstOffset = Loop.First;
  Out.LastOffset = Loop.Last;
  Out.FirstLine = Out.LastLine = L.Where.Line;
  for (const StallPc &Pc : S.Pcs)
    if (Pc.Function == F->Name && Loop.contains(Pc.Offset) &&
        Pc.Where.File == L.Where.File && Pc.Directory == L.Directory &&
        Pc.Where.Line > 0) {
      Out.FirstLine = std::min(Out.FirstLine, Pc.Where.Line);
      Out.LastLine = std::max(Out.LastLine, Pc.Where.Line);
    }
  return Out;
}

/// The listing's frames (CodeInstruction::Frames) of \p Pc's instruction,
/// where the innermost one is \p Pc's own line (a listing of another build
/// would name other lines); null otherwise.
const std::vector<CodeFrame> *framesOf(const StallPc &Pc,
                                       const KernelCodeIndex &Code) {
  const FunctionCode *F = Code.find(Pc.Function);
  std::optional<std::size_t> I = F ? F->indexOf(Pc.Offset) : std::nullopt;
  if (!I)
    return nullptr;
  const std::vector<CodeFrame> &Frames = F->Instructions[*I].Frames;
  if (Frames.empty() || Frames.front().Line != Pc.Where.Line ||
      fileName(Frames.front().File) != fileName(Pc.Where.File))
    return nullptr;
  return &Frames;
}

/// How the listing names the file of \p L: the innermost frame's file of
/// one of its sampled instructions whose innermost line is \p L's; absent
/// where none has frames.
std::optional<std::string> listingFileOf(const StallLines &S,
                                         const StallLine &L,
                                         const KernelCodeIndex &Code) {
  for (const StallPc &Pc : S.Pcs)
    if (sameLine(Pc, L))
      if (const std::vector<CodeFrame> *Frames = framesOf(Pc, Code))
        return Frames->front().File;
  return std::nullopt;
}

std::optional<StallWait> waitOf(const StallLines &S, const StallLine &L,
                                const KernelCodeIndex &Code) {
  // (function, blamed instruction) -> the line's samples charged to it.
  std::map<std::pair<const FunctionCode *, std::size_t>, std::uint64_t> On;
  for (const StallPc &Pc : S.Pcs) {
    auto Count = Pc.Reasons.find(L.Dominant);
    if (!sameLine(Pc, L) || Count == Pc.Reasons.end() || Count->second == 0)
      continue;
    const FunctionCode *F = Code.find(Pc.Function);
    std::optional<std::size_t> I = F ? F->indexOf(Pc.Offset) : std::nullopt;
    if (!I)
      continue;
    auto Blamed = F->Instructions[*I].Blame.find(L.Dominant);
    if (Blamed != F->Instructions[*I].Blame.end())
      On[{F, Blamed->second}] += Count->second;
  }
  if (On.empty())
    return std::nullopt;
  auto Most =
      std::max_element(On.begin(), On.end(), [](const auto &A, const auto &B) {
        return A.second < B.second;
      });
  const auto &[F, Index] = Most->first;
  const CodeInstruction &I = F->Instructions[Index];
  StallWait Out;
  Out.Function = F->Name;
  Out.Offset = I.Offset;
  Out.Opcode = I.Opcode;
  Out.Kind = I.Role;
  Out.Reason = L.Dominant;
  Out.Samples = Most->second;
  if (I.AddressFrom)
    Out.AddressFrom = F->Instructions[*I.AddressFrom].Offset;
  std::vector<std::size_t> Chain = {Index};
  for (std::optional<std::size_t> At = I.AddressFrom;
       At && Out.ChainLoads < MaxChainLoads;
       At = F->Instructions[*At].AddressFrom) {
    // Back to a load already counted: a chain carried around a loop.
    if (std::find(Chain.begin(), Chain.end(), *At) != Chain.end()) {
      Out.ChainLoads = MaxChainLoads;
      break;
    }
    Chain.push_back(*At);
    ++Out.ChainLoads;
  }
  if (const StallPc *Own = sampledAt(S, F->Name, I.Offset);
      Own && !Own->Where.File.empty()) {
    Out.Where = Own->Where;
    return Out;
  }
  if (!I.Frames.empty()) {
    // The listing's line: in the hot line's file where the listing names
    // that file as it names the hot line's.
    const CodeFrame &Inner = I.Frames.front();
    std::optional<std::string> Same = listingFileOf(S, L, Code);
    Out.Where.File = Same && *Same == Inner.File ? L.Where.File : Inner.File;
    Out.Where.Line = Inner.Line;
    Out.FromListing = true;
    return Out;
  }
  for (std::size_t K = Index; K-- > 0 && F->Instructions[K].Block == I.Block;)
    if (const StallPc *Near = sampledAt(S, F->Name, F->Instructions[K].Offset);
        Near && !Near->Where.File.empty()) {
      Out.Where = Near->Where;
      Out.Nearby = true;
      break;
    }
  return Out;
}

std::optional<StallCallSite> callSiteOf(const StallLines &S, const StallLine &L,
                                        const KernelCodeIndex &Code) {
  // (file, line, same file) of the outermost frame -> the line's samples.
  std::map<std::tuple<std::string, unsigned, bool>, std::uint64_t> At;
  for (const StallPc &Pc : S.Pcs) {
    const std::vector<CodeFrame> *Frames =
        sameLine(Pc, L) ? framesOf(Pc, Code) : nullptr;
    // Inlined: a call site beyond the innermost frame.
    if (!Frames || Frames->size() < 2)
      continue;
    const CodeFrame &Call = Frames->back();
    bool SameFile = Call.File == Frames->front().File;
    if (SameFile && Call.Line == Pc.Where.Line)
      continue;
    At[{Call.File, Call.Line, SameFile}] += total(Pc.Reasons);
  }
  if (At.empty())
    return std::nullopt;
  auto Most =
      std::max_element(At.begin(), At.end(), [](const auto &A, const auto &B) {
        return A.second < B.second;
      });
  StallCallSite Out;
  std::tie(Out.File, Out.Line, Out.SameFile) = Most->first;
  Out.Samples = Most->second;
  return Out;
}

} // namespace

void placeHotLinesInCode(StallLines &S, const KernelCodeIndex &Code) {
  for (std::size_t H : S.Hot) {
    StallLine &L = S.Lines[H];
    L.Loop = loopOf(S, L, Code);
    L.WaitsOn = waitOf(S, L, Code);
    L.InlinedAt = callSiteOf(S, L, Code);
  }
}

} // namespace headroom
