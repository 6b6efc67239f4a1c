// The two functions of the C ABI written in C: they return a constant and
// static text, which a Go export cannot declare const.
#include "mancala_env.h"

int32_t mancala_abi_version(void) { return MANCALA_ABI_VERSION; }

const char *mancala_status_text(int32_t status) {
    switch (status) {
    case MANCALA_OK: return "ok";
    case MANCALA_E_HANDLE: return "bad handle";
    case MANCALA_E_ARGUMENT: return "bad argument";
    case MANCALA_E_GAME: return "unknown game";
    case MANCALA_E_RULES: return "bad rules";
    case MANCALA_E_SYNTAX: return "syntax error";
    case MANCALA_E_MISMATCH: return "position of another game or rules";
    case MANCALA_E_ACTION: return "no such action";
    case MANCALA_E_ILLEGAL: return "illegal action";
    case MANCALA_E_OVER: return "episode over";
    case MANCALA_E_AGENT: return "agent error";
    case MANCALA_E_BUFFER: return "buffer too short";
    case MANCALA_E_INTERNAL: return "internal error";
    case MANCALA_E_CANCELLED: return "cancelled";
    case MANCALA_E_LIMIT: return "over the limits";
    }
    return "unknown status";
}
