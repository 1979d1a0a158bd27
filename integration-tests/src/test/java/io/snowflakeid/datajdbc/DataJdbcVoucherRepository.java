package io.snowflakeid.datajdbc;

import org.springframework.data.repository.ListCrudRepository;

public interface DataJdbcVoucherRepository extends ListCrudRepository<DataJdbcVoucher, Long> {

}
