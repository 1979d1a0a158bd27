package io.snowflakeid.datajdbc;

import org.springframework.data.repository.ListCrudRepository;

public interface DataJdbcNoteRepository extends ListCrudRepository<DataJdbcNote, Long> {

}
