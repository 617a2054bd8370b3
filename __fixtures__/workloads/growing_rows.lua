-- A workload whose data grows as it runs, for the tests of resetData (kind sysbench-script):
-- `prepare` makes the table growing_rows with --initial-rows rows, every event inserts one more,
-- and every run prints how many rows it found before its first event, as the server counted them.
sysbench.cmdline.options = {
   initial_rows = {"Rows the prepare command inserts", 100},
}

local function connect()
   local drv = sysbench.sql.driver()
   return drv, drv:connect()
end

local function prepare_rows()
   local drv, con = connect()
   con:query("CREATE TABLE growing_rows (id INT AUTO_INCREMENT PRIMARY KEY, filler INT NOT NULL)")
   for i = 1, sysbench.opt.initial_rows do
      con:query(string.format("INSERT INTO growing_rows (filler) VALUES (%d)", i))
   end
   con:disconnect()
end

function cleanup()
   local drv, con = connect()
   con:query("DROP TABLE IF EXISTS growing_rows")
   con:disconnect()
end

sysbench.cmdline.commands = {
   prepare = {prepare_rows},
}

function thread_init()
   drv, con = connect()
   local rows = con:query_row("SELECT COUNT(*) FROM growing_rows")
   -- One line per thread; run it on one thread to read the rows a run started from.
   print(string.format("growing_rows: %s rows at start", rows))
end

function event()
   con:query("INSERT INTO growing_rows (filler) VALUES (0)")
end

function thread_done()
   con:disconnect()
end
