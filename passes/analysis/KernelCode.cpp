//===- KernelCode.cpp - A program's SASS, as stall samples need it --------===//

#include "analysis/KernelCode.h"

#include "support/KernelNames.h"

#include <algorithm>

namespace headroom {

const char *codeRoleName(CodeRole R) {
  switch (R) {
  case CodeRole::Other:
    return "other";
  case CodeRole::GlobalLoad:
    return "global_load";
  case CodeRole::LocalLoad:
    return "local_load";
  case CodeRole::GenericLoad:
    return "generic_load";
  case CodeRole::TextureLoad:
    return "texture_load";
  case CodeRole::GlobalAtomic:
    return "global_atomic";
  case CodeRole::GlobalStore:
    return "global_store";
  case CodeRole::LocalStore:
    return "local_store";
  case CodeRole::SharedLoad:
    return "shared_load";
  case CodeRole::SharedAtomic:
    return "shared_atomic";
  case CodeRole::SharedStore:
    return "shared_store";
  case CodeRole::SpecialFunction:
    return "special_function";
  case CodeRole::Shuffle:
    return "shuffle";
  case CodeRole::Barrier:
    return "barrier";
  case CodeRole::MemoryBarrier:
    return "memory_barrier";
  case CodeRole::Branch:
    return "branch";
  }
  return "other";
}

std::optional<std::size_t> FunctionCode::indexOf(std::uint64_t Offset) const {
  auto It = std::find_if(
      Instructions.begin(), Instructions.end(),
      [&](const CodeInstruction &I) { return I.Offset == Offset; });
  if (It == Instructions.end())
    return std::nullopt;
  return std::size_t(It - Instructions.begin());
}

void KernelCodeIndex::add(FunctionCode F) {
  std::string Name = F.Name;
  if (!ByName.try_emplace(Name, std::move(F)).second)
    return;
  auto [It, New] = BySignature.try_emplace(demangledName(Name), Name);
  if (!New)
    It->second.clear();
}

const FunctionCode *KernelCodeIndex::find(const std::string &Mangled) const {
  if (auto It = ByName.find(Mangled); It != ByName.end())
    return &It->second;
  auto Same = BySignature.find(demangledName(Mangled));
  if (Same == BySignature.end() || Same->second.empty())
    return nullptr;
  return &ByName.at(Same->second);
}

} // namespace headroom
