package io.snowflakeid.spring.data.jdbc;

import org.springframework.data.repository.CrudRepository;

public interface MemoRepository extends CrudRepository<Memo, Long> {

}
