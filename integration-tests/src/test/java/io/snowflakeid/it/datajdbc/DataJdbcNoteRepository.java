package io.snowflakeid.it.datajdbc;

import org.springframework.data.repository.ListCrudRepository;

public interface DataJdbcNoteRepository extends ListCrudRepository<DataJdbcNote, Long> {

}
