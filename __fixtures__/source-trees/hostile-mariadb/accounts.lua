-- A workload script of a pull request's tree that tries to make the server it is given act for
-- it: read a file of the runner's (LOAD_FILE), write one in a trusted directory (INTO OUTFILE),
-- append to one through the general log (SET GLOBAL general_log_file), give itself every
-- privilege (GRANT), log in as the server's administrator through the socket with the
-- distribution's client, and stop the server (SHUTDOWN). Each attempt prints
-- "ATTEMPT <name>: succeeded" or "...: failed", and what it read after "READ ". The test writes
-- accounts-targets.lua beside it first: the file to read, the trusted directory, the trusted file
-- to append to, the client.
local here = debug.getinfo(1, "S").source:sub(2):match("(.*/)")
local targets = dofile(here .. "accounts-targets.lua")

-- The server's error number for the last statement that failed, when sysbench gives it.
local last_errno

local function report(name, ok)
  local why = (not ok and last_errno) and string.format(" (error %d)", last_errno) or ""
  print(string.format("ATTEMPT %s: %s%s", name, ok and "succeeded" or "failed", why))
  last_errno = nil
end

-- Whether a statement ran: sysbench raises an error for one that failed; the script goes on.
local function runs(con, sql)
  local ok, err = pcall(function() con:query(sql) end)
  if not ok then last_errno = type(err) == "table" and tonumber(err.sql_errno) or nil end
  return ok
end

-- Whether a command exits with 0; the error number the client printed, if it failed.
local function shell(command)
  local pipe = io.popen(command .. " 2>&1; echo \"EXIT $?\"")
  local output = pipe:read("*a")
  pipe:close()
  local ok = output:match("EXIT (%d+)%s*$") == "0"
  if not ok then last_errno = tonumber(output:match("ERROR (%d+)")) end
  return ok
end

function prepare()
  local con = sysbench.sql.driver():connect()
  -- The server's socket, and the side's name: its directory (<run directory>/base/mysqld.sock).
  local socket = con:query_row("SELECT @@socket")
  local name = socket:match("([^/]+)/[^/]+$") or "unknown"
  -- A file of the runner's: LOAD_FILE gives NULL, not an error, when it may not read it.
  local ok, value = pcall(function()
    return con:query_row("SELECT LOAD_FILE('" .. targets.secret .. "')")
  end)
  report("load-file", ok and value ~= nil)
  if ok and value ~= nil then print("READ " .. value) end
  report("outfile", runs(con, "SELECT 'written by " .. name .. "' INTO OUTFILE '"
    .. targets.trusted .. "/outfile-" .. name .. "'"))
  report("general-log", runs(con, "SET GLOBAL general_log_file = '" .. targets.appended .. "'")
    and runs(con, "SET GLOBAL general_log = ON")
    and runs(con, "SELECT 'appended by " .. name .. "'"))
  report("grant", runs(con, "GRANT ALL PRIVILEGES ON *.* TO CURRENT_USER() WITH GRANT OPTION"))
  -- root through the socket, no password: it too would append to the trusted file.
  report("admin-socket", shell(string.format(
    "%s --no-defaults --socket=%s --user=root -e \"SET GLOBAL general_log_file = '%s'; " ..
    "SET GLOBAL general_log = ON; SELECT 'root from %s'\"",
    targets.client, socket, targets.appended, name)))
  -- Last: a server that stopped answers nothing more.
  report("shutdown", runs(con, "SHUTDOWN"))
  con:disconnect()
end

function cleanup()
end

function thread_init()
  con = sysbench.sql.driver():connect()
end

function event()
  con:query("SELECT 1")
end
