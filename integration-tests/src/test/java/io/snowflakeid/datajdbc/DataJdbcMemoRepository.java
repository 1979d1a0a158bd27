package io.snowflakeid.datajdbc;

import org.springframework.data.repository.ListCrudRepository;

public interface DataJdbcMemoRepository extends ListCrudRepository<DataJdbcMemo, String> {

}
