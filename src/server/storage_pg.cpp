// The PostgreSQL back end (libpqxx).
#include "server/storage.h"
#include "server/storage_impl.h"

namespace gomoku::server::detail {

std::unique_ptr<Storage> openPostgres(const std::string&) {
  throw StorageError("PostgreSQL: not supported yet");
}

}  // namespace gomoku::server::detail
