/* Marks this tree as MariaDB for flavor detection, as the real sql/mariadb.h does. */
