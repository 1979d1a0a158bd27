package io.snowflakeid.spring.data.jdbc;

import org.springframework.data.repository.CrudRepository;

public interface VoucherRepository extends CrudRepository<Voucher, Long> {

}
