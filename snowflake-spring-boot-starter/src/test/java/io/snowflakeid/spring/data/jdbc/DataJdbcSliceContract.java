package io.snowflakeid.spring.data.jdbc;

import java.util.List;
import java.util.stream.StreamSupport;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.spring.jpa.SliceAssertions;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.annotation.Transactional;

import static org.assertj.core.api.Assertions.assertThat;

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
	void segmentIdsAreDenseFromTheInitialValue() {
		List<Voucher> saved = StreamSupport
			.stream(this.vouchers.saveAll(List.of(new Voucher(), new Voucher(), new Voucher())).spliterator(), false)
			.toList();
		long first = saved.get(0).getId();
		assertThat(first).isGreaterThanOrEqualTo(1000);
		assertThat(saved).extracting(Voucher::getId).containsExactly(first, first + 1, first + 2);
	}
}
