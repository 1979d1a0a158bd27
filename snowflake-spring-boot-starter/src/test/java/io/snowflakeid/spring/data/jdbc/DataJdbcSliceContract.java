package io.snowflakeid.spring.data.jdbc;

import java.time.Instant;
import java.util.List;
import java.util.stream.StreamSupport;

import javax.sql.DataSource;

import io.snowflakeid.AssignedIdRefusedException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.spring.jpa.SliceAssertions;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.data.jdbc.core.JdbcAggregateTemplate;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A {@code @DataJdbcTest} (the annotation is on the subclass of each Boot line: it moved packages in Boot 4)
 * applies the starter: aggregates get ids from the generator configured by application.properties.
 */
@Transactional
public abstract class DataJdbcSliceContract {

	@Autowired
	private NoteRepository notes;

	@Autowired
	private MemoRepository memos;

	@Autowired
	private VoucherRepository vouchers;

	@Autowired
	private SnowflakeIdGenerator generator;

	@Autowired
	private DataSource dataSource;

	@Autowired
	private JdbcAggregateTemplate template;

	@Test
	void aggregatesGetIdsWithTheDatacenterWorkerAndLayoutOfApplicationProperties() throws Exception {
		SliceAssertions.assertConfiguredFromApplicationProperties(this.generator);
		Note note = this.notes.save(new Note("slice"));
		SliceAssertions.assertIssuedByDatacenter1Worker2(note.getId());
		assertThat(this.notes.findById(note.getId())).get().extracting(Note::getText).isEqualTo("slice");
		assertThat(SliceAssertions.leaseTableExists(this.dataSource)).as("static ids lease nothing").isFalse();
	}

	@Test
	void recordsAreSavedAndReturnedWithTheirId() {
		Memo saved = this.memos.save(new Memo(null, "immutable"));
		SliceAssertions.assertIssuedByDatacenter1Worker2(saved.id());
		assertThat(this.memos.findById(saved.id())).contains(saved);
	}

	@Test
	void anIdAheadOfTheClockIsRefusedWhenTheTemplateInsertsIt() {
		Note note = new Note("from a client");
		long future = this.generator.layout().compose(Instant.now().plusSeconds(3600), 1, 2, 0);
		note.setId(future);
		assertThatThrownBy(() -> this.template.insert(note)).isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("Note.id = " + future);
		assertThat(this.notes.existsById(future)).isFalse();
	}

	@Test
	void pastIdsAreKeptWhenTheTemplateInsertsThemAndUpdatesOfLegacyRowsAreNotChecked() {
		Note imported = new Note("imported");
		imported.setId(4711L);
		this.template.insert(imported);
		assertThat(this.notes.findById(4711L)).get().extracting(Note::getText).isEqualTo("imported");
		Note legacy = new Note("legacy");
		legacy.setId(-5L);
		assertThatThrownBy(() -> this.template.insert(legacy)).isInstanceOf(AssignedIdRefusedException.class)
			.hasMessageContaining("is negative");
		new JdbcTemplate(this.dataSource).update("insert into note (id, text) values (-5, 'legacy')");
		Note loaded = this.notes.findById(-5L).orElseThrow();
		assertThat(this.notes.save(loaded).getId()).as("an update of the row's own id").isEqualTo(-5L);
	}

	@Test
	void segmentIdsAreDenseFromTheInitialValue() {
		List<Voucher> saved = StreamSupport
			.stream(this.vouchers.saveAll(List.of(new Voucher(), new Voucher(), new Voucher())).spliterator(), false)
			.toList();
		long first = saved.get(0).getId();
		assertThat(first).isGreaterThanOrEqualTo(1000);
		assertThat(saved).extracting(Voucher::getId).containsExactly(first, first + 1, first + 2);
	}
}
