//===- StallBlame.cpp - The instruction a stalled warp waits on -----------===//

#include "sass/StallBlame.h"

#include "sass/ControlFlow.h"
#include "sass/NaturalLoops.h"
#include "sass/Registers.h"

#include <algorithm>
#include <deque>
#include <map>
#include <set>

namespace headroom::sass {

namespace {

/// How a rule finds what a stalled instruction waits on.
enum class Walk {
  /// The nearest earlier writer of a register it reads.
  Dataflow,
  /// The nearest instruction of the roles, itself included.
  Nearest,
  /// The nearest earlier instruction of the roles that writes a register
  /// the instruction reads, or one the writers in between read: the
  /// backward slice of its operands.
  Slice,
};

struct BlameRule {
  const char *Reason;
  Walk How;
  std::vector<CodeRole> Roles;
};

const std::vector<BlameRule> &blameRules() {
  using R = CodeRole;
  static const std::vector<BlameRule> Rules = {
      {"long_scoreboard",
       Walk::Dataflow,
       {R::GlobalLoad, R::LocalLoad, R::GenericLoad, R::TextureLoad,
        R::GlobalAtomic}},
      {"short_scoreboard",
       Walk::Dataflow,
       {R::SharedLoad, R::SharedAtomic, R::SpecialFunction, R::Shuffle}},
      {"lg_throttle",
       Walk::Nearest,
       {R::GlobalLoad, R::LocalLoad, R::GenericLoad, R::GlobalAtomic,
        R::GlobalStore, R::LocalStore}},
      {"mio_throttle",
       Walk::Nearest,
       {R::SharedLoad, R::SharedAtomic, R::SharedStore, R::SpecialFunction,
        R::Shuffle}},
      {"tex_throttle", Walk::Nearest, {R::TextureLoad}},
      {"barrier", Walk::Nearest, {R::Barrier}},
      {"membar", Walk::Nearest, {R::MemoryBarrier}},
      {"branch_resolving", Walk::Nearest, {R::Branch}},
  };
  return Rules;
}

/// The loads a load's address may come from, for load chains.
const BlameRule &addressRule() {
  using R = CodeRole;
  static const BlameRule Rule = {
      "address",
      Walk::Slice,
      {R::GlobalLoad, R::LocalLoad, R::GenericLoad, R::TextureLoad}};
  return Rule;
}

/// One function's graph, loops and per-instruction facts, for the walks.
struct Walker {
  const Function &F;
  ControlFlowGraph G;
  LoopNest Nest;
  std::vector<RegisterUse> Use;
  std::vector<CodeRole> Role;

  explicit Walker(const Function &F)
      : F(F), G(controlFlowOf(F)), Nest(naturalLoops(G)) {
    for (const Instruction &I : F.Instructions) {
      Use.push_back(registersOf(I));
      Role.push_back(codeRoleOf(I));
    }
  }

  /// Whether block \p B is inside the walk's region from block \p Start:
  /// its innermost loop, or the reachable code outside loops.
  bool inRegion(std::size_t Start, std::size_t B) const {
    if (!G.Reachable[B])
      return false;
    std::optional<std::size_t> L = Nest.InnermostOf[Start];
    return !L || Nest.Loops[*L].contains(B);
  }

  std::optional<std::size_t> blame(std::size_t S, const BlameRule &Rule) const;
};

std::optional<std::size_t> Walker::blame(std::size_t S,
                                         const BlameRule &Rule) const {
  auto Wanted = [&](std::size_t K) {
    return std::find(Rule.Roles.begin(), Rule.Roles.end(), Role[K]) !=
           Rule.Roles.end();
  };
  Registers Pending;
  if (Rule.How != Walk::Nearest) {
    Pending = Use[S].Reads;
    if (Pending.empty())
      return std::nullopt;
  }
  std::size_t Budget = MaxBlameWalk;
  // Visits instruction K: its position when it is the one waited on, None
  // when the walk is over without one (nothing left to look for), else
  // nothing.
  constexpr std::size_t None = SIZE_MAX;
  auto Visit = [&](std::size_t K) -> std::optional<std::size_t> {
    if (Rule.How == Walk::Nearest)
      return Wanted(K) ? std::optional(K) : std::nullopt;
    bool Hit = false;
    for (unsigned R : Use[K].Writes)
      Hit |= Pending.erase(R) > 0;
    if (Hit && Wanted(K))
      return K;
    // The slice goes on through what the writer read.
    if (Hit && Rule.How == Walk::Slice)
      Pending.insert(Use[K].Reads.begin(), Use[K].Reads.end());
    if (Pending.empty())
      return None;
    return std::nullopt;
  };
  // [From, To] downwards; nothing when no answer yet.
  auto Scan = [&](std::size_t From, std::size_t To,
                  bool &Over) -> std::optional<std::size_t> {
    for (std::size_t K = From + 1; K-- > To;) {
      if (Budget-- == 0) {
        Over = true;
        return std::nullopt;
      }
      if (std::optional<std::size_t> Got = Visit(K)) {
        Over = true;
        return *Got == None ? std::nullopt : Got;
      }
    }
    return std::nullopt;
  };
  std::size_t Start = G.BlockOf[S];
  const BasicBlock &First = G.Blocks[Start];
  bool Over = false;
  std::size_t Top = Rule.How == Walk::Nearest ? S + 1 : S;
  if (Top > First.Begin)
    if (auto Got = Scan(Top - 1, First.Begin, Over); Got || Over)
      return Got;
  std::set<std::size_t> Seen;
  std::deque<std::size_t> Queue;
  auto Enqueue = [&](std::size_t B) {
    for (std::size_t P : G.Blocks[B].Predecessors)
      if (inRegion(Start, P) && Seen.insert(P).second)
        Queue.push_back(P);
  };
  Enqueue(Start);
  while (!Queue.empty()) {
    std::size_t B = Queue.front();
    Queue.pop_front();
    const BasicBlock &Block = G.Blocks[B];
    // Around the loop back into the start block: its part after S, and S
    // itself for a register S wrote in the previous iteration.
    std::size_t Low =
        B == Start ? (Rule.How == Walk::Nearest ? S + 1 : S) : Block.Begin;
    if (Block.End > Low)
      if (auto Got = Scan(Block.End - 1, Low, Over); Got || Over)
        return Got;
    if (B != Start)
      Enqueue(B);
  }
  return std::nullopt;
}

} // namespace

CodeRole codeRoleOf(const Instruction &I) {
  static const std::map<std::string, CodeRole, std::less<>> Roles = {
      {"LDG", CodeRole::GlobalLoad},       {"LDL", CodeRole::LocalLoad},
      {"LD", CodeRole::GenericLoad},       {"TEX", CodeRole::TextureLoad},
      {"TLD", CodeRole::TextureLoad},      {"TLD4", CodeRole::TextureLoad},
      {"TXD", CodeRole::TextureLoad},      {"TMML", CodeRole::TextureLoad},
      {"SULD", CodeRole::TextureLoad},     {"ATOMG", CodeRole::GlobalAtomic},
      {"ATOM", CodeRole::GlobalAtomic},    {"RED", CodeRole::GlobalAtomic},
      {"REDG", CodeRole::GlobalAtomic},    {"STG", CodeRole::GlobalStore},
      {"ST", CodeRole::GlobalStore},       {"STL", CodeRole::LocalStore},
      {"LDS", CodeRole::SharedLoad},       {"LDSM", CodeRole::SharedLoad},
      {"ATOMS", CodeRole::SharedAtomic},   {"STS", CodeRole::SharedStore},
      {"MUFU", CodeRole::SpecialFunction}, {"SHFL", CodeRole::Shuffle},
      {"BAR", CodeRole::Barrier},          {"MEMBAR", CodeRole::MemoryBarrier},
      {"BRA", CodeRole::Branch},           {"BRX", CodeRole::Branch},
      {"JMP", CodeRole::Branch},           {"JMX", CodeRole::Branch},
      {"CALL", CodeRole::Branch},          {"RET", CodeRole::Branch},
  };
  auto It = Roles.find(I.Opcode);
  return It == Roles.end() ? CodeRole::Other : It->second;
}

const std::vector<std::string> &blamedReasons() {
  static const std::vector<std::string> Names = [] {
    std::vector<std::string> N;
    for (const BlameRule &R : blameRules())
      N.push_back(R.Reason);
    return N;
  }();
  return Names;
}

FunctionCode functionCodeOf(const Function &F) {
  FunctionCode C;
  C.Name = F.Name;
  if (F.Instructions.empty())
    return C;
  Walker W(F);
  for (const NaturalLoop &L : W.Nest.Loops) {
    CodeLoop Out;
    Out.First = UINT64_MAX;
    for (std::size_t B : L.Blocks)
      for (std::size_t K = W.G.Blocks[B].Begin; K < W.G.Blocks[B].End; ++K) {
        Out.First = std::min(Out.First, F.Instructions[K].Address);
        Out.Last = std::max(Out.Last, F.Instructions[K].Address);
      }
    Out.Parent = L.Parent;
    C.Loops.push_back(Out);
  }
  // A rule whose roles the function lacks blames nothing: no walk.
  std::vector<const BlameRule *> Rules;
  for (const BlameRule &R : blameRules())
    for (CodeRole Role : W.Role)
      if (std::find(R.Roles.begin(), R.Roles.end(), Role) != R.Roles.end()) {
        Rules.push_back(&R);
        break;
      }
  for (std::size_t K = 0; K < F.Instructions.size(); ++K) {
    CodeInstruction I;
    I.Offset = F.Instructions[K].Address;
    I.Opcode = F.Instructions[K].Full;
    I.Role = W.Role[K];
    std::size_t B = W.G.BlockOf[K];
    I.Block = W.G.Blocks[B].Begin;
    I.Loop = W.Nest.InnermostOf[B];
    if (W.G.Reachable[B])
      for (const BlameRule *R : Rules)
        if (std::optional<std::size_t> Got = W.blame(K, *R))
          I.Blame[R->Reason] = *Got;
    const std::vector<CodeRole> &Loads = addressRule().Roles;
    if (W.G.Reachable[B] &&
        std::find(Loads.begin(), Loads.end(), I.Role) != Loads.end())
      I.AddressFrom = W.blame(K, addressRule());
    C.Instructions.push_back(std::move(I));
  }
  return C;
}

KernelCodeIndex kernelCodeOf(const std::vector<Function> &Functions,
                             const std::vector<FunctionFrames> &Frames) {
  std::map<std::string, std::vector<Function>> ByName;
  for (const Function &F : Functions)
    ByName[F.Name].push_back(F);
  KernelCodeIndex Index;
  for (const auto &[Name, Versions] : ByName) {
    std::string Newest = newestArchitecture(Versions);
    for (const Function &F : Versions)
      if (F.Arch == Newest) {
        FunctionCode Code = functionCodeOf(F);
        for (const FunctionFrames &Of : Frames)
          if (Of.Name == F.Name && Of.Arch == F.Arch) {
            for (CodeInstruction &I : Code.Instructions)
              if (auto It = Of.At.find(I.Offset); It != Of.At.end())
                I.Frames = It->second;
            break;
          }
        Index.add(std::move(Code));
        break;
      }
  }
  return Index;
}

} // namespace headroom::sass
