package io.snowflakeid.spring.publicid.datarest;

import org.springframework.data.repository.CrudRepository;
import org.springframework.data.rest.core.annotation.RepositoryRestResource;

@RepositoryRestResource(path = "notes")
public interface NoteRepository extends CrudRepository<Note, Long> {

}
