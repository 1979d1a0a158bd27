package io.snowflakeid.spring.data.jdbc.boot4;

import java.time.Instant;

import io.snowflakeid.AssignedIdRefusedException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.spring.data.jdbc.DataJdbcSliceContract;
import io.snowflakeid.spring.data.jdbc.Note;
import io.snowflakeid.spring.data.jdbc.NoteRepository;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Spring Boot 4: {@code org.springframework.boot.data.jdbc.test.autoconfigure.DataJdbcTest}. */
@DataJdbcTest(properties = "spring.sql.init.schema-locations=classpath:data-jdbc-schema.sql")
class Boot4DataJdbcTestTests extends DataJdbcSliceContract {

	@Autowired
	private JdbcAggregateTemplate aggregates;

	@Autowired
	private SnowflakeIdGenerator ids;

	@Autowired
	private NoteRepository noteRepository;

	/** Spring Data JDBC 4.1's upsert (MERGE on H2) inserts when the row is not there: a client's id is checked. */
	@Test
	void anIdAheadOfTheClockIsRefusedWhenTheTemplateUpsertsIt() {
		Note note = new Note("from a client");
		long future = this.ids.layout().compose(Instant.now().plusSeconds(3600), 1, 2, 0);
		note.setId(future);
		assertThatThrownBy(() -> this.aggregates.upsert(note)).isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Note.id = " + future);
		assertThat(this.noteRepository.existsById(future)).isFalse();
	}

}
