//===- CodeRoleWords.cpp - The words for what an instruction is -----------===//

#include "checks/CodeRoleWords.h"

namespace headroom {

std::string_view codeRoleWords(CodeRole R) {
  switch (R) {
  case CodeRole::Other:
    return "instruction";
  case CodeRole::GlobalLoad:
    return "global load";
  case CodeRole::LocalLoad:
    return "local-memory load";
  case CodeRole::GenericLoad:
    return "load";
  case CodeRole::TextureLoad:
    return "texture load";
  case CodeRole::GlobalAtomic:
    return "global atomic";
  case CodeRole::GlobalStore:
    return "global store";
  case CodeRole::LocalStore:
    return "local-memory store";
  case CodeRole::SharedLoad:
    return "shared-memory load";
  case CodeRole::SharedAtomic:
    return "shared-memory atomic";
  case CodeRole::SharedStore:
    return "shared-memory store";
  case CodeRole::SpecialFunction:
    return "SFU operation";
  case CodeRole::Shuffle:
    return "warp shuffle";
  case CodeRole::Barrier:
    return "barrier";
  case CodeRole::MemoryBarrier:
    return "memory barrier";
  case CodeRole::Branch:
    return "branch";
  }
  return "instruction";
}

} // namespace headroom
