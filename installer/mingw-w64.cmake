# CMake toolchain: 64-bit Windows with Debian's MinGW-w64 (posix thread model).
#
#   cmake -S . -B build/win -DCMAKE_TOOLCHAIN_FILE=installer/mingw-w64.cmake \
#         -DGOMOKU_MINGW_PREFIX=$(installer/deps-windows.sh --print)
#
# GOMOKU_MINGW_PREFIX is the folder installer/deps-windows.sh builds: static wxWidgets (MSW)
# and libpng, and hdr/ with only links to Debian's header-only boost/ and CLI/.
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)

set(_gomoku_triplet x86_64-w64-mingw32)
# The -posix compilers: the default win32 thread model has no std::thread.
set(CMAKE_C_COMPILER ${_gomoku_triplet}-gcc-posix)
set(CMAKE_CXX_COMPILER ${_gomoku_triplet}-g++-posix)
set(CMAKE_RC_COMPILER ${_gomoku_triplet}-windres)
set(CMAKE_AR ${_gomoku_triplet}-gcc-ar-posix CACHE FILEPATH "")
set(CMAKE_RANLIB ${_gomoku_triplet}-gcc-ranlib-posix CACHE FILEPATH "")

if(NOT GOMOKU_MINGW_PREFIX AND DEFINED ENV{GOMOKU_MINGW_PREFIX})
  set(GOMOKU_MINGW_PREFIX $ENV{GOMOKU_MINGW_PREFIX})
endif()
if(NOT GOMOKU_MINGW_PREFIX)
  message(FATAL_ERROR "Set GOMOKU_MINGW_PREFIX to the folder installer/deps-windows.sh prints")
endif()
# Passed on to try_compile projects.
list(APPEND CMAKE_TRY_COMPILE_PLATFORM_VARIABLES GOMOKU_MINGW_PREFIX)

# FindwxWidgets looks for wx-config (and so the cross libraries) only inside the find root
# path; other programs (make, makensis) are the build machine's.
set(CMAKE_FIND_ROOT_PATH /usr/${_gomoku_triplet} ${GOMOKU_MINGW_PREFIX})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)

# Boost.Asio is header-only: the folder holds only a link to Debian's boost/.
set(Boost_INCLUDE_DIR ${GOMOKU_MINGW_PREFIX}/hdr CACHE PATH "")
set(Boost_NO_BOOST_CMAKE ON CACHE BOOL "")
set(Boost_NO_SYSTEM_PATHS ON CACHE BOOL "")
# CLI11 (gomoku-cli) likewise: the config in the prefix points at hdr/CLI only.
set(CLI11_DIR ${GOMOKU_MINGW_PREFIX}/lib/cmake/CLI11 CACHE PATH "")

# One self-contained exe: only system DLLs imported (no libstdc++/libgcc/winpthread DLLs).
set(CMAKE_EXE_LINKER_FLAGS_INIT "-static -static-libgcc -static-libstdc++")
set(CMAKE_EXE_LINKER_FLAGS_RELEASE_INIT "-s")
