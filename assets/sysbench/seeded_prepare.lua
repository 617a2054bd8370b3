-- mysql-perf-gate: the `prepare` of sysbench's bundled oltp scripts, with contents that repeat.
--
-- sysbench 1.0 seeds its random generator from --rand-seed only for `run`. Every `prepare` fills
-- the tables with other k, c and pad values, so two servers prepared for the same suite hold
-- different data, and the same writes later split their indexes in different places. This script
-- reseeds the generator from --prepare-seed before each table is filled, so that every prepare
-- with the same seed writes the same rows. Run it with --threads=1: the seed goes through libc's
-- random(), which sysbench's threads share.
require("oltp_common")

local ffi = require("ffi")
ffi.cdef[[
void srandom(unsigned int seed);
void sb_rand_thread_init(void);
]]

sysbench.cmdline.options.prepare_seed =
   {"Seed for the tables' contents (0: sysbench's own, different every time)", 0}

local function reseed(seed)
   ffi.C.srandom(seed)
   ffi.C.sb_rand_thread_init()
end

local fill_table = create_table
function create_table(drv, con, table_num)
   local seed = sysbench.opt.prepare_seed
   if seed ~= 0 then
      local ok, err = pcall(reseed, seed + table_num)
      if not ok then
         error("this sysbench cannot be seeded for prepare (it lacks sb_rand_thread_init): " ..
                  tostring(err))
      end
   end
   fill_table(drv, con, table_num)
end
