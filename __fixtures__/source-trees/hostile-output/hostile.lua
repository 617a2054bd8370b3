-- A suite script from a hostile tree: its prepare prints the hostile text (hostile-text.sh) and
-- fails with more of it, so that sysbench fails and the tool quotes what it printed.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)")

function prepare()
  os.execute("sh " .. here .. "hostile-text.sh sysbench")
  io.stderr:write("\27[31m::error::HOSTILE-sysbench-stderr\r::add-mask::HOSTILE-sysbench-cr\n")
  error("\27]0;HOSTILE-title\7\n::set-output name=verdict::HOSTILE-sysbench-fatal")
end

function cleanup() end

function event() end
