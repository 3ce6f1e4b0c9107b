# Unity build of the library: the files of one folder are compiled together in groups of up to
# KVDTYPE_UNITY_BATCH, so that the templates they share (yaml-cpp's nodes, nlohmann/json, {fmt}'s
# formatting) are instantiated and code-generated once per group instead of once per file. Code
# generation, not parsing, is most of a file's compile time under -O1 and the sanitizers (g++ 12
# -ftime-report on core/message.cpp: 77%), so a precompiled header would not cut it; a group of
# three renderers compiled as one file took 31 s of CPU against 58 s for the three apart.
# CI compiles the library four times (release, ASan, TSan, fuzz), so this is most of its compile time.
#
# Left out: the table rows (src/tables/), which are cheap to compile, edited most often and whose
# files each name their array `kRows`. Files compiled together share one anonymous namespace, so a
# file-local name (a helper, a constant) must not be defined twice in one folder; a clash is a
# compile error in every build, not only CI's. KVDTYPE_UNITY_BUILD=OFF compiles file by file.
option(KVDTYPE_UNITY_BUILD "Compile the library's folders in groups (unity build)" ON)
set(KVDTYPE_UNITY_BATCH 8 CACHE STRING "Most files in one unity group")

# kvdtype_unity_groups(TARGET ROOT SOURCES...): groups SOURCES under ROOT by folder.
function(kvdtype_unity_groups target root)
  if(NOT KVDTYPE_UNITY_BUILD)
    return()
  endif()
  set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_MODE GROUP)
  set(_sources ${ARGN})
  list(SORT _sources)
  # Two passes: count each folder's files, then cut the folder into the fewest groups of at most
  # KVDTYPE_UNITY_BATCH files, of even sizes, keeping neighbours (manifest_*.cpp) together.
  set(_keys)
  foreach(_file IN LISTS _sources)
    file(RELATIVE_PATH _rel ${root} ${_file})
    get_filename_component(_folder ${_rel} DIRECTORY)
    if(_folder MATCHES "^tables(/|$)")
      continue()
    endif()
    string(MAKE_C_IDENTIFIER "${_folder}" _key)
    list(APPEND _keys ${_key})
    list(APPEND _files_${_key} ${_file})
  endforeach()
  list(REMOVE_DUPLICATES _keys)
  foreach(_key IN LISTS _keys)
    list(LENGTH _files_${_key} _n)
    math(EXPR _groups "(${_n} + ${KVDTYPE_UNITY_BATCH} - 1) / ${KVDTYPE_UNITY_BATCH}")
    set(_i 0)
    foreach(_file IN LISTS _files_${_key})
      math(EXPR _group "${_i} * ${_groups} / ${_n}")
      set_source_files_properties(${_file} PROPERTIES UNITY_GROUP "${_key}_${_group}")
      math(EXPR _i "${_i} + 1")
    endforeach()
  endforeach()
endfunction()
